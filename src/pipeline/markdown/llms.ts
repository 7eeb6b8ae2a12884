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
 * The full-text files are streamed page by page from the Markdown copies already written,
 * so the build never holds the whole site's text.
 */
import type { ReleaseData } from '../../shared/types.ts';
import type { PageListSection } from '../site/sidebar-sections.ts';
import { markdownPath } from './paths.ts';

export interface LlmsPage {
  route: string;
  title: string;
  description: string;
}

export interface LlmsSection {
  label: string;
  /** Where its full-text file goes (`getting-started/llms-full.txt`); none for the top-level pages. */
  fullTextPath?: string;
  pages: LlmsPage[];
}

/** Writes one file from pieces and answers its size in bytes. */
export type TextSink = (path: string, pieces: AsyncIterable<string>) => Promise<number>;

export const FULL_TEXT_FILE = 'llms-full.txt';

/** `Query & SQL` → `query-and-sql`. */
export function sectionSlug(label: string): string {
  return label.toLowerCase().replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The sidebar sections with each listed, indexable page's title and description. */
export function llmsSections(sections: PageListSection[], pages: Map<string, LlmsPage & { noindex?: boolean }>): LlmsSection[] {
  const out: LlmsSection[] = [];
  const seen = new Set<string>();
  sections.forEach((section, i) => {
    const list: LlmsPage[] = [];
    for (const { route } of section.pages) {
      const page = pages.get(route);
      if (!page || page.noindex || seen.has(route)) continue;
      seen.add(route);
      list.push({ route, title: page.title, description: page.description });
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

async function* fullText(pages: LlmsPage[], origin: string, read: (route: string) => Promise<string>): AsyncIterable<string> {
  let first = true;
  for (const page of pages) {
    const markdown = await read(page.route);
    yield `${first ? '' : '\n---\n\n'}Source: ${origin}${page.route}\n\n${markdown.endsWith('\n') ? markdown : markdown + '\n'}`;
    first = false;
  }
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
}

/** Writes every full-text file, then llms.txt with their sizes; answers the sizes by path. */
export async function writeLlmsFiles(input: LlmsInput): Promise<Map<string, number>> {
  const { sections, origin, basePath } = input;
  const sizes = new Map<string, number>();
  const all = sections.flatMap((s) => s.pages);
  sizes.set(FULL_TEXT_FILE, await input.write(FULL_TEXT_FILE, fullText(all, origin, input.read)));
  for (const s of sections) {
    if (s.fullTextPath) sizes.set(s.fullTextPath, await input.write(s.fullTextPath, fullText(s.pages, origin, input.read)));
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
  return sizes;
}
