/** llms.txt and the llms-full.txt files of a build or of watch mode. */
import type { CompiledPage } from '../../shared/types.ts';
import { siteConfig } from '../../shared/site-config.ts';
import type { LoadedSite } from '../load/index.ts';
import type { Navigation } from '../site/index.ts';
import { sidebarSections } from '../site/sidebar-sections.ts';
import { bytesOfPiece, type OutputFile, type Piece } from '../emit/output.ts';
import type { OutputFolder } from '../emit/output-folder.ts';
import { llmsSections, writeLlmsFiles, type LlmsLayout } from '../markdown/llms.ts';
import { llmsPaths, writeLlmsInto, writeLlmsInWorker, type LlmsContent } from '../markdown/llms-output.ts';
import { markdownOutputPath } from '../markdown/paths.ts';

/**
 * What a cached build over its own output gives the llms files: each page's cache entry key
 * by route, and the previous whole-site file's layout; `layout` gets the new one's (for the stamp).
 */
export interface LlmsReuse {
  keys: Map<string, string>;
  previous?: LlmsLayout;
  layout?: LlmsLayout;
}

/**
 * llms.txt and the llms-full.txt files, from the pages' Markdown copies: read back from the
 * output folder when the build writes (so no page's text is held; in a worker thread, see
 * markdown/llms-output.ts), else from the pages' `outputs`. Answers the new files (as paths
 * only once written).
 */
export async function emitLlmsFiles(compiled: CompiledPage[], navigation: Navigation, release: LoadedSite['release'], outputs: OutputFile[], folder?: OutputFolder, log: (line: string) => void = () => {}, inWorker = false, reuse?: LlmsReuse): Promise<OutputFile[]> {
  const pages = new Map(compiled.map((c) => [c.source.route, { route: c.source.route, title: c.source.frontMatter.title, description: c.source.frontMatter.description ?? '', noindex: c.source.frontMatter.noindex, key: reuse?.keys.get(c.source.route) }]));
  const content: LlmsContent = { sections: llmsSections(sidebarSections(navigation.sidebar), pages), origin: siteConfig.url, basePath: siteConfig.basePath, tagline: siteConfig.tagline, release, previous: folder && reuse?.previous };
  if (folder !== undefined) {
    const paths = llmsPaths(content);
    folder.makeWay(paths);
    folder.wrote(paths);
    // A worker thread pays for its start-up only on a large site: `inWorker` when the build uses
    // worker threads for its pages; on a small site it only adds its memory (a 5 MB page: +40-60 MB at the peak).
    const written = inWorker ? await writeLlmsInWorker(folder.dir, content) : await writeLlmsInto(folder.dir, content);
    if ('failed' in written && written.failed) log(`  llms files: written in the main thread, as their worker thread failed (${written.failed})`);
    if (reuse) reuse.layout = written.layout;
    return paths.map((path) => ({ path, contents: '' }));
  }
  return llmsInMemory(content, outputs);
}

/** The llms files made from the Markdown copies held in `outputs` (a build that does not write). */
async function llmsInMemory(content: LlmsContent, outputs: OutputFile[]): Promise<OutputFile[]> {
  const inMemory = new Map<string, string>();
  for (const f of outputs) if (f.path.endsWith('.md') && 'contents' in f) inMemory.set(f.path, String(f.contents));
  const made = new Map<string, Buffer>();
  const files: OutputFile[] = [];
  const keep = async (path: string, pieces: Iterable<Piece> | AsyncIterable<Piece>) => {
    const parts: Buffer[] = [];
    for await (const piece of pieces) parts.push(bytesOfPiece(piece));
    const bytes = Buffer.concat(parts);
    made.set(path, bytes);
    files.push({ path, contents: bytes.toString() });
    return bytes.length;
  };
  await writeLlmsFiles({
    ...content,
    previous: undefined,
    read: async (route) => inMemory.get(markdownOutputPath(route)) ?? '',
    write: keep,
    copy: async (from, start, end, to) => keep(to, [made.get(from)!.subarray(start, end)]),
  });
  return files;
}
