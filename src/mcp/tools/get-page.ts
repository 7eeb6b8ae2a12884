/**
 * `get_page`: a page's Markdown copy (the `index.md` the build writes beside each page),
 * whole or one section of it, cut into pieces of at most MAX_CHARS characters. Only routes
 * the site lists are read, so the route is never a path of the reader's choosing.
 */
import { z } from 'zod';
import { closestRoutes, nearest } from '../closest.ts';
import { publicUrl, type DocPage, type Docs } from '../docs.ts';
import { cutAt, markdownHeadings } from '../markdown-sections.ts';
import { markdownFile, parsePageRef } from '../routes.ts';
import { toolError } from './results.ts';

/** Characters per answer: about 5,000 tokens, so a long reference page comes in a few pieces. */
export const MAX_CHARS = 20_000;

/** The input schema; URLs are accepted on the site the docs point at (`publicBase`). */
export const pageInput = (publicBase: string) => ({
  url_or_route: z
    .string()
    .min(1)
    .max(500)
    .superRefine((value, ctx) => {
      const parsed = parsePageRef(value, publicBase);
      if (!parsed.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message });
    })
    .describe('The page: its route (/docs/concept/ttl/), its URL on the docs site (a #anchor may follow), or its questdb-docs:// resource URI.'),
  anchor: z.string().min(1).max(200).regex(/^[^\s#]+$/, 'An anchor is one word without spaces or #, e.g. setting-a-ttl.').optional().describe('Only the section under the heading with this anchor (as search_docs and the URL give it), up to the next heading of the same or a higher level.'),
  offset: z.number().int().min(0).optional().describe(`Where to go on reading a long page or section: the next_offset of the previous answer (pieces are at most ${MAX_CHARS} characters).`),
});

const sectionSchema = z.object({ anchor: z.string(), heading: z.string(), level: z.number().int() });

export const pageOutput = {
  route: z.string(),
  url: z.string().describe('The page (or section) on the docs site.'),
  title: z.string(),
  section: z.string().describe('The top-level section of the docs.'),
  anchor: z.string().nullable(),
  markdown: z.string().describe('The Markdown, from offset; cut at a line end when longer than the limit.'),
  offset: z.number().int(),
  next_offset: z.number().int().nullable().describe('Pass as offset to read on; null when this is the end.'),
  total_chars: z.number().int().describe('Length of the whole page or section.'),
  sections: z.array(sectionSchema).describe("The page's headings with their anchors, to ask for one section."),
};

async function unknownPage(docs: Docs, route: string) {
  const routes = [...docs.pages.keys()];
  return toolError(`There is no page ${route}. Closest pages: ${closestRoutes(route, routes, await docs.engine()).join(', ')}. Use search_docs to find a page, or list_sections to browse.`);
}

function unknownAnchor(page: DocPage, anchor: string) {
  const close = nearest(anchor, page.headings.map((h) => h.anchor));
  return toolError(`${page.route} has no heading with the anchor "${anchor}". Closest anchors: ${close.join(', ') || '(the page has no headings)'}. Leave anchor out to read the whole page.`);
}

export async function getPage(docs: Docs, args: { url_or_route: string; anchor?: string; offset?: number }) {
  const parsed = parsePageRef(args.url_or_route, docs.publicBase);
  if (!parsed.ok) return toolError(parsed.message);
  const page = docs.pages.get(parsed.route);
  if (!page) return unknownPage(docs, parsed.route);
  const anchor = args.anchor ?? parsed.anchor;
  if (anchor !== undefined && !page.headings.some((h) => h.anchor === anchor)) return unknownAnchor(page, anchor);
  const markdown = await docs.source.read(markdownFile(page.route));
  if (markdown === undefined) return toolError(`The Markdown copy of ${page.route} is missing from ${docs.source.where}: rebuild the site.`);
  const headings = markdownHeadings(markdown, page.headings);
  let text = markdown;
  if (anchor !== undefined) {
    const h = headings.find((x) => x.anchor === anchor);
    if (!h) return unknownAnchor(page, anchor);
    text = markdown.slice(h.start, h.end).trimEnd() + '\n';
  }
  const offset = args.offset ?? 0;
  if (offset > text.length) return toolError(`offset ${offset} is past the end (${text.length} characters).`);
  const piece = cutAt(text, offset, MAX_CHARS);
  const sections = headings.filter((h) => h.anchor).map((h) => ({ anchor: h.anchor!, heading: h.text, level: h.level }));
  const output = {
    route: page.route,
    url: publicUrl(docs, page.route, anchor),
    title: page.title,
    section: page.section,
    anchor: anchor ?? null,
    markdown: piece.text,
    offset,
    next_offset: piece.next ?? null,
    total_chars: text.length,
    sections,
  };
  const note = piece.next === undefined ? '' : `\n\n[Cut at character ${piece.next} of ${text.length}. Call get_page again with offset: ${piece.next} to read on, or with an anchor for one section: ${sections.filter((s) => s.level === 2).map((s) => s.anchor).join(', ')}.]`;
  return { content: [{ type: 'text' as const, text: piece.text + note }], structuredContent: output };
}
