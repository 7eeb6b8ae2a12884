/**
 * The sections of a page's Markdown copy, found by its headings and tied to the anchors the
 * page uses on the site. The search index lists each page's headings with their anchors, in
 * order; the Markdown copy has the same headings as `##` … `######` lines (plus `####` lines
 * for tab labels, which have no anchor). A Markdown heading takes the anchor of the next
 * listed heading with the same level and text.
 */
import GithubSlugger from 'github-slugger';
import type { PageHeading } from './docs.ts';

export interface MarkdownHeading {
  level: number;
  text: string;
  /** The page's anchor for it, when the site gives this heading one. */
  anchor?: string;
  /** Character offsets of the heading line's start and of the section's end (the next heading of the same or a higher level, or the end). */
  start: number;
  end: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/** A heading's Markdown as text: code spans, links, emphasis and escapes reduced to their words. */
export function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*\*|\*)(\S(?:.*?\S)?)\1/g, '$2')
    // Underscores inside words (function names) are not emphasis.
    .replace(/(?<![\w\\])(__|_)(\S(?:.*?\S)?)\1(?!\w)/g, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .trim();
}

const slug = (text: string) => new GithubSlugger().slug(text);

/** Every heading of a Markdown text outside code fences, with its section's extent and anchor. */
export function markdownHeadings(markdown: string, anchors: readonly PageHeading[]): MarkdownHeading[] {
  const out: MarkdownHeading[] = [];
  let fence: string | undefined;
  let offset = 0;
  let next = 0;
  for (const line of markdown.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    const f = FENCE.exec(line);
    if (f) {
      if (!fence) fence = f[1]!;
      else if (f[1]!.startsWith(fence) && line.trim() === f[1]) fence = undefined;
      continue;
    }
    if (fence) continue;
    const m = ATX.exec(line);
    if (!m) continue;
    const level = m[1]!.length;
    const text = headingText(m[2]!);
    const heading: MarkdownHeading = { level, text, start, end: markdown.length };
    const key = slug(text);
    for (let i = next; i < anchors.length; i++) {
      if (anchors[i]!.level === level && slug(anchors[i]!.text) === key) {
        heading.anchor = anchors[i]!.anchor;
        next = i + 1;
        break;
      }
    }
    out.push(heading);
  }
  for (let i = 0; i < out.length; i++) {
    const later = out.slice(i + 1).find((h) => h.level <= out[i]!.level);
    if (later) out[i]!.end = later.start;
  }
  return out;
}

/**
 * A piece of a long text, cut at a line end before `limit` characters from `offset` (or at
 * the limit itself when a single line is longer): the text and where the next piece starts.
 */
export function cutAt(text: string, offset: number, limit: number): { text: string; next?: number } {
  if (text.length - offset <= limit) return { text: text.slice(offset) };
  const window = text.slice(offset, offset + limit);
  const lineEnd = window.lastIndexOf('\n');
  const end = lineEnd > limit / 2 ? offset + lineEnd + 1 : offset + limit;
  return { text: text.slice(offset, end), next: end };
}
