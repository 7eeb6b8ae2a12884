/**
 * One page's whole journey after loading: compile → render HTML → write its outputs →
 * keep only the compact data the site needs afterwards (title, anchors, links, toc,
 * features, diagnostics, search record). It runs in a worker thread of the page pool, or
 * in the main thread for small sites and `--jobs 1`; both give the same bytes.
 *
 * A new per-page output (another file made from the compiled page) belongs in
 * `pageOutputs`, so both the pool and the in-process build make it.
 */
import type { CompiledPage, Diagnostic, PageSource } from '../../shared/types.ts';
import type { CompileContext } from '../compile/context.ts';
import { markdownProcessor } from '../compile/index.ts';
import { compilePage } from '../compile/compile-page.ts';
import { pageModel, type Navigation } from '../site/index.ts';
import { renderDocPageBytes, type RenderContext } from '../render/render-page.tsx';
import { outputPathForRoute } from '../load/routes.ts';
import { written, type OutputFile } from '../emit/output.ts';
import type { BuiltPage } from '../built-page.ts';
import { writeBuiltFiles } from '../emit/write-output.ts';
import { pageSearchData, type PageSearchData } from '../search/records.ts';
import { markdownOutputPath } from '../markdown/paths.ts';
import { storePage, type PageCacheSetup } from '../cache/page-cache.ts';

/** What every page of a build shares. */
export interface PageEnvironment {
  compile: CompileContext;
  navigation: Navigation;
  render: RenderContext;
  /** With the persistent cache on, each page built is stored there. */
  cache?: PageCacheSetup;
}

/** What search indexes of a page: everything routed and listed, except noindex pages and hidden snippet pages. */
export function searchDataOf(page: CompiledPage, navigation: Navigation): PageSearchData | undefined {
  const { source } = page;
  if (source.frontMatter.noindex || source.hidden) return undefined;
  const section = navigation.byRoute.get(source.route)?.breadcrumbs[0] ?? 'Documentation';
  return pageSearchData(page.hast, { route: source.route, section, title: source.frontMatter.title, keywords: pageKeywords(source) });
}

/**
 * A page's strong words for search: its front-matter keywords, its sidebar label and the
 * words of its slug (`pgwire-intro` holds "pgwire", `ingest-python` "python").
 */
export function pageKeywords(source: CompiledPage['source']): string {
  const slug = source.route.split('/').filter(Boolean).pop() ?? '';
  const slugWords = slug.split(/[-_.]+/).filter((w) => w.length > 1 && w !== 'docs');
  const words = [...(source.frontMatter.keywords ?? []), ...(source.frontMatter.sidebar_label ? [source.frontMatter.sidebar_label] : []), slugWords.join(' ')];
  return words.filter((w) => w.trim() !== '').join(', ');
}

function renderFailed(page: CompiledPage, e: unknown): Diagnostic {
  return { severity: 'error', file: page.source.file, rule: 'render', message: `The page could not be rendered: ${(e as Error).message}`, fix: 'Look for an unusual construct on the page; if it looks right, report this as a build bug.' };
}

/** The files made from one compiled page: its HTML and its Markdown copy. A page that throws while rendering is reported and left out, the others go on. */
export function pageOutputs(page: CompiledPage, env: PageEnvironment): OutputFile[] {
  const markdown: OutputFile = { path: markdownOutputPath(page.source.route), contents: page.markdown };
  try {
    return [{ path: outputPathForRoute(page.source.route), contents: renderDocPageBytes(pageModel(env.navigation, page), env.render) }, markdown];
  } catch (e) {
    page.diagnostics.push(renderFailed(page, e));
    return [];
  }
}


/** Compiles and renders one page and drops its tree. */
export function buildPage(source: PageSource, env: PageEnvironment): BuiltPage {
  const page = compilePage(markdownProcessor(), source, env.compile);
  const outputs = pageOutputs(page, env);
  const search = searchDataOf(page, env.navigation);
  page.hast = { type: 'root', children: [] };
  page.rawBlocks = [];
  page.markdown = '';
  return { page, outputs, search };
}

/**
 * Builds a batch of pages and, with `outDir`, writes their files at once, so a batch's
 * HTML is the most the build ever holds.
 */
export async function buildPages(sources: PageSource[], env: PageEnvironment, outDir?: string): Promise<BuiltPage[]> {
  const built = sources.map((source) => buildPage(source, env));
  // Files first, so each cache entry keeps the digests its files were written with.
  if (outDir !== undefined) {
    for (const b of built) await writeBuiltFiles(outDir, b, env.cache !== undefined);
  }
  if (env.cache) {
    await Promise.all(built.map(async (b, i) => (b.cacheKey = await storePage(env.cache!, sources[i]!, b))));
    if (outDir !== undefined) for (const b of built) b.outputs = b.outputs.map(written);
  }
  return built;
}
