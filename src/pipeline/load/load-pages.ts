/** Stage 1a: finds the markdown pages, reads their front matter and gives each a route. */
import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic, PageSource } from '../../shared/types.ts';
import { parseFrontMatter } from './front-matter.ts';
import { lineOf } from '../diagnostics.ts';
import { docIdFromPath, isHiddenPage, isRoutedPage, routeFor } from './routes.ts';

/** Pages bigger than this still build, but the writer hears about it. */
export const LARGE_PAGE_BYTES = 1024 * 1024;

export interface LoadedPages {
  pages: PageSource[];
  diagnostics: Diagnostic[];
}

/** Lists the routed markdown files under `<root>/content/docs`, as paths relative to it. */
export async function listPageFiles(root: string): Promise<string[]> {
  const files = await fg('**/*.{md,mdx}', { cwd: join(root, 'content/docs'), onlyFiles: true });
  return files.filter(isRoutedPage).sort();
}

/** Reads one page file into a PageSource, or diagnostics explaining why it cannot be built. */
export function readPage(relPath: string, bytes: Buffer): { page?: PageSource; diagnostics: Diagnostic[] } {
  const file = 'content/docs/' + relPath;
  if (bytes.length === 0) {
    return { diagnostics: [{ severity: 'error', file, line: 1, rule: 'empty-file', message: 'The page is empty.', fix: 'Add front matter (`title:`, `description:`) and content, or delete the file.' }] };
  }
  if (bytes.includes(0)) {
    return { diagnostics: [{ severity: 'error', file, line: 1, rule: 'binary-file', message: 'The file is binary, not markdown text.', fix: 'Move binary files (images, archives) to public/ and link to them; keep only UTF-8 text in .md files.' }] };
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const diagnostics: Diagnostic[] = [];
  if (text.includes('\uFFFD')) {
    diagnostics.push({ severity: 'warning', file, line: lineOf(text, '\uFFFD'), rule: 'encoding', message: 'The file has bytes that are not valid UTF-8.', fix: 'Save the file as UTF-8.' });
  }
  if (bytes.length > LARGE_PAGE_BYTES) {
    diagnostics.push({ severity: 'warning', file, line: 1, rule: 'large-page', message: `The page is ${(bytes.length / 1048576).toFixed(1)} MB; readers and search suffer on pages this long.`, fix: 'Split it into several pages linked from an overview.' });
  }
  const fm = parseFrontMatter(text, file);
  diagnostics.push(...fm.diagnostics);
  if (!fm.frontMatter) return { diagnostics };
  const id = docIdFromPath(relPath);
  return {
    diagnostics,
    page: { file, id, route: routeFor(id, fm.frontMatter), frontMatter: fm.frontMatter, body: fm.body, hidden: isHiddenPage(id) },
  };
}

/** Reads every page; a page that cannot be read is reported and left out, the rest go on. */
export async function loadPages(root: string): Promise<LoadedPages> {
  const rels = await listPageFiles(root);
  const results = await Promise.all(rels.map(async (rel) => readPage(rel, await readFile(join(root, 'content/docs', rel)))));
  const pages: PageSource[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const r of results) {
    diagnostics.push(...r.diagnostics);
    if (r.page) pages.push(r.page);
  }
  const deduped = dedupeRoutes(pages);
  return { pages: deduped.pages, diagnostics: [...diagnostics, ...deduped.diagnostics] };
}

/** Two pages on one route is ambiguous: the first (by path) keeps it, both files are named. */
export function dedupeRoutes(pages: PageSource[]): LoadedPages {
  const byRoute = new Map<string, PageSource>();
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const first = byRoute.get(page.route);
    if (first) {
      diagnostics.push({
        severity: 'error',
        file: page.file,
        line: 1,
        rule: 'duplicate-route',
        message: `${page.file} and ${first.file} both build the route ${page.route}; only ${first.file} was built.`,
        fix: 'Give one of them another `permalink`/`slug`, or rename the file.',
      });
      continue;
    }
    byRoute.set(page.route, page);
  }
  return { pages: [...byRoute.values()], diagnostics };
}

