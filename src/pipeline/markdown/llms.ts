/**
 * llms.txt (llmstxt.org) and the llms-full.txt files, from the pages' Markdown copies:
 *
 * - `llms.txt`: `# QuestDB`, a one-line summary, a short paragraph, then one `##` section
 *   per top-level sidebar section with `- [Title](…/index.md): description` lines, and a
 *   last section listing the full-text files with their sizes;
 * - `llms-full.txt`: every listed page's Markdown in sidebar order, each starting with its URL;
 * - `<section>/llms-full.txt`: the same for one top-level section, since the whole site is
 *   larger than many context windows.
 *
 * Pages with `noindex`, and pages the sidebar does not list (snippets), are left out.
 * The whole-site file is streamed page by page from the Markdown copies already written, so
 * the build never holds the whole site's text; each section's file is copied from a range of it.
 * A cached build over its own output copies an unchanged page's text from the previous
 * whole-site file instead of reading its copy (see search/fragment-file.ts: its layout, keyed
 * by the page's cache entry key, is kept in the build stamp).
 */
import type { ReleaseData } from '../../shared/types.ts';
import type { FragmentLayout, FragmentPlace, PreviousFile } from '../search/fragment-file.ts';
import type { Piece } from '../emit/output.ts';
import type { PageListSection } from '../site/sidebar-sections.ts';
import { markdownPath } from './paths.ts';

export interface LlmsPage {
  route: string;
  title: string;
  description: string;
  /** Its cache entry key, which covers everything its text in a full-text file is made from (see fullText). */
  key?: string;
}

export interface LlmsSection {
  label: string;
  /** Where its full-text file goes (`getting-started/llms-full.txt`); none for the top-level pages. */
  fullTextPath?: string;
  pages: LlmsPage[];
}

/** Writes one file from pieces and answers its size in bytes. */
export type TextSink = (path: string, pieces: AsyncIterable<Piece>) => Promise<number>;

export const FULL_TEXT_FILE = 'llms-full.txt';

/** `Query & SQL` → `query-and-sql`. */
export function sectionSlug(label: string): string {
  return label.toLowerCase().replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The sidebar sections with each listed, indexable page's title and description. */
export function llmsSections(sections: PageListSection[], pages: ReadonlyMap<string, LlmsPage & { noindex?: boolean }>): LlmsSection[] {
  const out: LlmsSection[] = [];
  const seen = new Set<string>();
  sections.forEach((section, i) => {
    const list: LlmsPage[] = [];
    for (const { route } of section.pages) {
      const page = pages.get(route);
      if (!page || page.noindex || seen.has(route)) continue;
      seen.add(route);
      list.push({ route, title: page.title, description: page.description, key: page.key });
    }
    // The first section holds the top-level pages (Introduction, Configuration): they are in the whole-site file only.
    const slug = sectionSlug(section.label);
    if (list.length > 0) out.push({ label: section.label, fullTextPath: i === 0 || slug === '' ? undefined : `${slug}/${FULL_TEXT_FILE}`, pages: list });
  });
  return out;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Text that goes inside `[…]` or after `: ` on one line: no newlines, brackets escaped. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/([\\[\]])/g, '\\$1');
}

/** Between two pages of a full-text file. */
const PAGE_BREAK = '\n---\n\n';

/**
 * The whole-site file, page by page; `spans` gets each page's [start, end) in bytes, the break
 * before it left out, so that a section's file is a range of this one (see writeLlmsFiles).
 * A page's text is made from the origin and its route and Markdown copy alone, so a page whose
 * key is in `previous` is copied from there; pages that followed one another there (a break
 * apart, as here) are one range of it. `layout` gets the new file's.
 */
async function* fullText(pages: LlmsPage[], origin: string, read: (route: string) => Promise<string>, spans: [number, number][], previous: PreviousFile | undefined, layout: FragmentLayout): AsyncIterable<Piece> {
  let size = 0;
  let copy: [number, number] | undefined;
  const places: FragmentPlace[] = [];
  for (const [i, page] of pages.entries()) {
    const start = size + (i === 0 ? 0 : PAGE_BREAK.length);
    const old = page.key === undefined ? undefined : previous?.byKey.get(page.key);
    if (old) {
      const [from, to] = old as [number, number];
      if (copy && copy[1] + PAGE_BREAK.length === from) copy[1] = to;
      else {
        if (copy) yield { fd: previous!.fd, start: copy[0], end: copy[1] };
        if (i > 0) yield PAGE_BREAK;
        copy = [from, to];
      }
      size = start + to - from;
    } else {
      if (copy) yield { fd: previous!.fd, start: copy[0], end: copy[1] };
      copy = undefined;
      const markdown = await read(page.route);
      const text = `Source: ${origin}${page.route}\n\n${markdown.endsWith('\n') ? markdown : markdown + '\n'}`;
      size = start + Buffer.byteLength(text);
      yield i === 0 ? text : PAGE_BREAK + text;
    }
    spans.push([start, size]);
    if (page.key !== undefined) places.push([page.key, start, size]);
  }
  if (copy) yield { fd: previous!.fd, start: copy[0], end: copy[1] };
  layout.size = size;
  layout.pages = places;
}

export interface LlmsInput {
  sections: LlmsSection[];
  /** `https://questdb.com` */
  origin: string;
  /** `/docs/` */
  basePath: string;
  tagline: string;
  release: ReleaseData;
  /** A page's Markdown copy. */
  read: (route: string) => Promise<string>;
  write: TextSink;
  /** Writes the file `to` from bytes [start, end) of the file `from`, written before; answers its size. */
  copy: (from: string, start: number, end: number, to: string) => Promise<number>;
  /** The previous build's whole-site file, open, with its layout by page key (see fullText). */
  previous?: PreviousFile;
  /** The previous build's section files, still in place: their keys and sizes by path (see sectionKey). */
  previousSections?: ReadonlyMap<string, [key: string, size: number]>;
}

/** The layout of the whole-site file, and each section file's [path, key, size]. */
export type LlmsLayout = FragmentLayout & { sections?: [string, string, number][] };

/** What writeLlmsFiles wrote: each file's size by path, and the full-text files' layout. */
export interface LlmsWritten {
  sizes: Map<string, number>;
  layout: LlmsLayout;
}

/**
 * A section file's key: its pages' keys in order. Its bytes are its pages' texts with a break
 * between each two, and a page's text is its key's: the same key, the same bytes. None when a
 * page has no key.
 */
function sectionKey(pages: LlmsPage[]): string | undefined {
  return pages.every((p) => p.key !== undefined) ? pages.map((p) => p.key).join('\n') : undefined;
}

/** Writes every full-text file, then llms.txt with their sizes. */
export async function writeLlmsFiles(input: LlmsInput): Promise<LlmsWritten> {
  const { sections, origin, basePath } = input;
  const sizes = new Map<string, number>();
  const all = sections.flatMap((s) => s.pages);
  const spans: [number, number][] = [];
  const layout: LlmsLayout = { size: 0, pages: [], sections: [] };
  sizes.set(FULL_TEXT_FILE, await input.write(FULL_TEXT_FILE, fullText(all, origin, input.read, spans, input.previous, layout)));
  // A section's pages follow one another in the whole-site file: its file is that range of it,
  // copied instead of every page being read and written again (52 MB at 10,000 pages). A
  // section file of the previous build with the same key stays as it is.
  let first = 0;
  for (const s of sections) {
    const last = first + s.pages.length - 1;
    if (s.fullTextPath) {
      const key = sectionKey(s.pages);
      const previous = key === undefined ? undefined : input.previousSections?.get(s.fullTextPath);
      const size = previous !== undefined && previous[0] === key ? previous[1] : await input.copy(FULL_TEXT_FILE, spans[first]![0], spans[last]![1], s.fullTextPath);
      sizes.set(s.fullTextPath, size);
      if (key !== undefined) layout.sections!.push([s.fullTextPath, key, size]);
    }
    first = last + 1;
  }
  const lines = [
    '# QuestDB',
    '',
    `> ${inline(input.tagline)}`,
    '',
    `This is the documentation of QuestDB ${input.release.tag_name}. Every page is also published as Markdown: add \`index.md\` to its URL. ` +
      `The files under "Full text" hold the pages themselves, the whole site or one section at a time.`,
  ];
  for (const s of sections) {
    lines.push('', `## ${inline(s.label)}`, '');
    for (const p of s.pages) lines.push(`- [${inline(p.title)}](${origin}${markdownPath(p.route)})${p.description ? `: ${inline(p.description)}` : ''}`);
  }
  lines.push('', '## Full text', '');
  lines.push(`- [All pages](${origin}${basePath}${FULL_TEXT_FILE}): every page above in this order, ${formatSize(sizes.get(FULL_TEXT_FILE)!)}`);
  for (const s of sections) {
    if (s.fullTextPath) lines.push(`- [${inline(s.label)}](${origin}${basePath}${s.fullTextPath}): the ${s.pages.length} page${s.pages.length === 1 ? '' : 's'} of ${inline(s.label)}, ${formatSize(sizes.get(s.fullTextPath)!)}`);
  }
  const index = lines.join('\n') + '\n';
  sizes.set('llms.txt', await input.write('llms.txt', (async function* () { yield index; })()));
  return { sizes, layout };
}
