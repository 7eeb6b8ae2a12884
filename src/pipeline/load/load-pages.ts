/** Stage 1a: finds the markdown pages, reads their front matter and gives each a route. */
import fg from 'fast-glob';
import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic, PageSource } from '../../shared/types.ts';
import { parseFrontMatter } from './front-matter.ts';
import { lineOf } from '../diagnostics.ts';
import { docIdFromPath, isHiddenPage, isRoutedPage, outputPathForRoute, routeFor } from './routes.ts';
import { checkRead, collidingOutput, hasDotPart, routeProblem } from '../policy/paths.ts';
import { listPublicFiles } from '../emit/public-files.ts';

/** Pages bigger than this still build, but the writer hears about it. */
export const LARGE_PAGE_BYTES = 1024 * 1024;

export interface LoadedPages {
  pages: PageSource[];
  diagnostics: Diagnostic[];
  /** With `reuse`: what reading each page file gave, and the hash of its bytes (the next build's page pack). */
  reads?: HashedRead[];
  /** With `reuse`: the pages taken from the previous build's reading, whose body is not read yet (see readBody). */
  unread?: Set<PageSource>;
}

/** What reading one page file gave: the page, or the diagnostics saying why there is none. */
export interface PageRead {
  page?: PageSource;
  diagnostics: Diagnostic[];
}

export interface HashedRead {
  file: string;
  hash: string;
  read: PageRead;
}

/** A cached build's help in loading: a file whose bytes are as before is not read again. */
export interface LoadReuse {
  /** Every file's hash under content/ (the build stamp's check, made at the build's start), by path from the root. */
  fileHashes?: ReadonlyMap<string, string>;
  /** What reading a file with bytes of this hash gave before, its page's body left out (cache/page-pack.ts). */
  previous?: (file: string, hash: string) => PageRead | undefined;
}

/**
 * Lists the routed markdown files under `<root>/content/docs`, as paths relative to it.
 * Linked folders are never followed (no symlink layout can make the walk loop or leave the
 * repository); linked files are listed, and readPage checks where they really lead.
 */
export async function listPageFiles(root: string): Promise<string[]> {
  const entries = await fg('**/*.{md,mdx}', { cwd: join(root, 'content/docs'), onlyFiles: false, followSymbolicLinks: false, objectMode: true });
  return entries.filter((e) => e.dirent.isFile() || e.dirent.isSymbolicLink()).map((e) => e.path).filter(isRoutedPage).sort();
}

/**
 * listPageFiles' answer from the stamp check's file hashes (every file under content/, and no
 * links there): the same files as its glob gives, without walking content/docs again.
 */
export function pageFilesIn(fileHashes: ReadonlyMap<string, string>): string[] {
  const rels: string[] = [];
  for (const file of fileHashes.keys()) {
    if (!file.startsWith('content/docs/') || !/\.mdx?$/.test(file)) continue;
    const rel = file.slice('content/docs/'.length);
    if (!hasDotPart(rel) && isRoutedPage(rel)) rels.push(rel);
  }
  return rels.sort();
}

/** Folders under content/docs that are symbolic links (the build does not follow them). */
export async function linkedFolders(root: string): Promise<Diagnostic[]> {
  const entries = await fg('**/*', { cwd: join(root, 'content/docs'), onlyFiles: false, followSymbolicLinks: false, objectMode: true });
  const out: Diagnostic[] = [];
  for (const e of entries) {
    if (!e.dirent.isSymbolicLink() || /\.mdx?$/.test(e.path)) continue;
    out.push({ severity: 'warning', file: `content/docs/${e.path}`, rule: 'symlink', message: 'This is a symbolic link; the build does not follow linked folders or files, so nothing under it is built.', fix: 'Move the pages into content/docs itself instead of linking to them.' });
  }
  return out;
}

/** Reads one page file into a PageSource, or diagnostics explaining why it cannot be built. */
export function readPage(relPath: string, bytes: Buffer): PageRead {
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
  const route = routeFor(id, fm.frontMatter);
  const problem = routeProblem(route);
  if (problem) {
    const from = fm.frontMatter.permalink !== undefined ? 'permalink' : fm.frontMatter.slug !== undefined ? 'slug' : undefined;
    diagnostics.push({
      severity: 'error',
      file,
      line: from ? lineOf(text, new RegExp(`^${from}\\s*:`, 'm')) ?? 1 : 1,
      rule: 'route',
      message: `The page's route ${JSON.stringify(route)} cannot be used: ${problem}. The page was left out.`,
      fix: from ? `Write \`${from}:\` with letters, digits, \`-\`, \`_\` and \`/\` only, inside /docs/.` : 'Rename the file with letters, digits, `-` and `_` only, or give it a `slug:`.',
    });
    return { diagnostics };
  }
  return {
    diagnostics,
    page: { file, id, route, frontMatter: fm.frontMatter, body: fm.body, hidden: isHiddenPage(id) },
  };
}

/**
 * Reads every page; a page that cannot be read is reported and left out, the rest go on.
 * `pageFiles` is listPageFiles' answer when the caller has it already (the build counts the
 * pages before loading, to start the pool early). With `reuse` (a cached build), every page
 * read is hashed for the page cache, and a page whose bytes are as the previous build read
 * them is taken from that reading without its body.
 */
export async function loadPages(root: string, pageFiles?: string[], reuse?: LoadReuse): Promise<LoadedPages> {
  const known = reuse?.fileHashes;
  const rels = pageFiles ?? (known ? pageFilesIn(known) : await listPageFiles(root));
  const reads: HashedRead[] = [];
  const unread = new Set<PageSource>();
  // Read synchronously: thousands of small reads cost more in libuv's thread hand-offs than in reading.
  const results = rels.map((rel): PageRead => {
    const file = `content/docs/${rel}`;
    // The stamp check hashed only plain files (no links) under content/: the pack's reading of the same bytes stands.
    const stamped = known?.get(file);
    const before = stamped === undefined ? undefined : reuse?.previous?.(file, stamped);
    if (before) {
      reads.push({ file, hash: stamped!, read: before });
      if (before.page) unread.add(before.page);
      return before;
    }
    // By real path: a page that is a link to a file outside content/ is refused, its text never read.
    const check = checkRead(root, file, ['content']);
    if (!check.ok) return { diagnostics: [{ severity: 'error' as const, file, line: 1, rule: 'page-outside', message: `The page cannot be read: ${check.message}.`, fix: 'Pages must be files under content/docs; replace the link with the file itself.' }] };
    const bytes = readFileSync(check.abs);
    const read = readPage(rel, bytes);
    if (reuse) {
      const sourceHash = hash('sha256', bytes);
      if (read.page) read.page.sourceHash = sourceHash;
      reads.push({ file, hash: sourceHash, read });
    }
    return read;
  });
  const pages: PageSource[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const r of results) {
    diagnostics.push(...r.diagnostics);
    if (r.page) pages.push(r.page);
  }
  const deduped = dedupeRoutes(pages);
  const reserved = refuseGeneratedRoutes(deduped.pages, await listPublicFiles(root));
  // The stamp check's file hashes exist only for a content/ without links (see cache/build-stamp.ts).
  const links = known ? [] : await linkedFolders(root);
  const loaded: LoadedPages = { pages: reserved.pages, diagnostics: [...diagnostics, ...links, ...deduped.diagnostics, ...reserved.diagnostics] };
  return reuse ? { ...loaded, reads, unread } : loaded;
}

/**
 * Reads the body of a page taken from the previous build's reading (loadPages' `unread`), once
 * it must be built. When the file changed since the build started (or is gone), the page is
 * built from what it holds now, and `sourceHash` is dropped: what it was loaded from is no
 * longer those bytes, so neither the cache nor the pack may key it by them.
 */
export function readBody(root: string, page: PageSource): void {
  let bytes: Buffer | undefined;
  const check = checkRead(root, page.file, ['content']);
  try {
    bytes = check.ok ? readFileSync(check.abs) : undefined;
  } catch {
    bytes = undefined;
  }
  page.body = (bytes && readPage(page.file.slice('content/docs/'.length), bytes).page?.body) ?? '';
  if (bytes === undefined || hash('sha256', bytes) !== page.sourceHash) page.sourceHash = undefined;
}

/** A page whose output would take a path the build generates (or a public/ file) is left out, naming both. */
export function refuseGeneratedRoutes(pages: PageSource[], publicFiles: readonly string[]): LoadedPages {
  const diagnostics: Diagnostic[] = [];
  const kept = pages.filter((page) => {
    const output = outputPathForRoute(page.route);
    const clash = collidingOutput(output, publicFiles);
    if (!clash) return true;
    diagnostics.push({
      severity: 'error',
      file: page.file,
      line: 1,
      rule: 'reserved-route',
      message: `${page.file} would be written to build/${output}, which collides with ${clash}; the page was left out.`,
      fix: 'Give the page another `permalink`/`slug`, or rename the file.',
    });
    return false;
  });
  return { pages: kept, diagnostics };
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

