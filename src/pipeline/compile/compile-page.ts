/** Stage 2: compiles one page's markdown into hast plus the data the site stage needs. */
import { VFile } from 'vfile';
import type { CompiledPage, Diagnostic, PageSource } from '../../shared/types.ts';
import type { CompileContext } from './context.ts';
import type { Root as MdastRoot } from 'mdast';
import type { Root as HastRoot } from 'hast';
import { visit } from './visit.ts';
import type { MarkdownProcessor } from './processor.ts';
import { parseLarge } from './fast-parse/parse-chunked.ts';
import { pageMarkdown } from '../markdown/page-markdown.ts';
import { siteConfig } from '../../shared/site-config.ts';

/** rehype-katex repeats, without a line, what remark-math-check already reported. */
const isKatexRepeat = (m: { source?: string | null }) => m.source === 'rehype-katex';

/**
 * Compiles a page. Never throws: an unexpected failure becomes an error diagnostic and an
 * empty page body, so one broken page cannot stop the others.
 */
export function compilePage(processor: MarkdownProcessor, page: PageSource, context: CompileContext): CompiledPage {
  const file = new VFile({ path: page.file, value: page.body });
  file.data = {
    page,
    context,
    diagnostics: [],
    toc: [],
    anchors: new Set(),
    links: [],
    rawBlocks: [],
    dependencies: new Set(),
    features: { math: false, mermaidPending: false },
    uid: 0,
  };
  let hast;
  let markdown = '';
  try {
    // A very large page is parsed in pieces (same tree, linear time and far less memory), and
    // every page's plain blocks are made without the parser (see plain-blocks.ts).
    let tree: MdastRoot | undefined = processor.runMdast(parseLarge(page.body, (text) => processor.parse(text)), file);
    // The Markdown copy reads the transformed mdast (and leaves it as it is), before the hast
    // exists: on a 5 MB page the two trees and the copy's garbage at once took 140 MB more.
    // Its diagnostic, if any, follows the rehype plugins' as it always has.
    const copyDiagnostics: Diagnostic[] = [];
    markdown = markdownOf(tree, page, copyDiagnostics);
    const converted = processor.toHast(tree, file);
    tree = undefined; // the mdast may go now, before the rehype plugins and rendering
    hast = processor.runHast(converted, file);
    dropPositions(hast);
    file.data.diagnostics!.push(...copyDiagnostics);
  } catch (e) {
    markdown = '';
    const err = e as Error & { place?: { line?: number; start?: { line: number } } };
    file.data.diagnostics!.push({
      severity: 'error',
      file: page.file,
      line: err.place && 'start' in err.place ? err.place.start?.line : err.place?.line,
      rule: 'compile',
      message: `The page could not be compiled: ${err.message}`,
      fix: 'Look at the construct on that line; if it looks right, report this as a build bug.',
    });
    hast = { type: 'root' as const, children: [] };
  }
  const diagnostics: Diagnostic[] = [...file.data.diagnostics!];
  for (const m of file.messages) {
    if (isKatexRepeat(m)) continue;
    diagnostics.push({
      severity: m.fatal ? 'error' : 'warning',
      file: page.file,
      line: m.line ?? undefined,
      column: m.column ?? undefined,
      rule: m.ruleId ?? m.source ?? 'markdown',
      message: m.cause instanceof Error ? `${m.reason}: ${m.cause.message}` : m.reason,
    });
  }
  return {
    source: page,
    hast,
    toc: file.data.toc!,
    anchors: file.data.anchors!,
    links: file.data.links!,
    rawBlocks: file.data.rawBlocks!,
    dependencies: file.data.dependencies!,
    features: file.data.features!,
    diagnostics,
    markdown,
  };
}

/** The page's Markdown copy; a failure is reported and leaves the copy empty, never the page. */
function markdownOf(tree: Parameters<typeof pageMarkdown>[0], page: PageSource, diagnostics: Diagnostic[]): string {
  try {
    return pageMarkdown(tree, { title: page.frontMatter.title, description: page.frontMatter.description ?? '', route: page.route }, siteConfig.url);
  } catch (e) {
    diagnostics.push({
      severity: 'warning',
      file: page.file,
      rule: 'markdown-copy',
      message: `The page's Markdown copy (index.md) could not be made: ${(e as Error).message}`,
      fix: 'Look for an unusual construct on the page; if it looks right, report this as a build bug.',
    });
    return '';
  }
}

/**
 * Removes the positions mdast-util-to-hast copied onto the hast: only the rehype plugins read
 * them (for a diagnostic's line), and on a 5 MB page 300,000 copies held tens of megabytes
 * through rendering and gave the garbage collector that much more to mark.
 */
function dropPositions(tree: HastRoot): void {
  visit(tree, (node) => {
    delete node.position;
  });
}
