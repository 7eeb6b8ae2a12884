/**
 * `search_docs`: the site's own search (the engine, synonyms and ranking the search modal
 * uses, over the same index files), answered as plain text: the engine's highlighting is
 * asked for with empty tags, so the values are escaped text only, unescaped here, and the
 * words it matched are returned on their own.
 */
import { z } from 'zod';
import { MAX_QUERY_LENGTH } from '../../shared/search/engine.ts';
import type { SearchHit } from '../../shared/search/types.ts';
import { publicUrl, type Docs } from '../docs.ts';
import { toolError } from './results.ts';

export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 20;
/** Hits scanned for a section filter: enough for any query's hits in one section. */
const SECTION_SCAN = 400;
const SNIPPET_WORDS = 30;

export const searchInput = {
  query: z
    .string()
    .min(1)
    .max(MAX_QUERY_LENGTH)
    .refine((q) => q.trim().length > 0, 'The query is empty: give a few words or a short question.')
    .describe(`A few words or a short question (at most ${MAX_QUERY_LENGTH} characters), e.g. "drop old partitions automatically" or "SAMPLE BY FILL".`),
  limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).optional().describe(`How many hits (1–${SEARCH_LIMIT_MAX}, default ${SEARCH_LIMIT_DEFAULT}).`),
  section: z.string().max(100).optional().describe('Only hits from this top-level section of the docs (as list_sections names them, e.g. "Query & SQL"); case does not matter.'),
};

const hitSchema = z.object({
  title: z.string().describe('The page title.'),
  section: z.string().describe('The top-level section of the docs.'),
  url: z.string().describe('The page URL on the docs site, with the anchor of the matching heading.'),
  route: z.string().describe('The page route, for get_page.'),
  anchor: z.string().nullable().describe('The anchor of the matching heading, for get_page; null for the page itself.'),
  heading: z.string().nullable().describe('The heading the hit is under (null when the hit is the page title or its introduction).'),
  snippet: z.string().describe('The matching text, plain text, cut to about 30 words.'),
  matched_words: z.array(z.string()).describe('The query words found in the hit.'),
});

export const searchOutput = { query: z.string(), total: z.number().int(), hits: z.array(hitSchema) };
export type SearchOutput = { query: string; total: number; hits: z.infer<typeof hitSchema>[] };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** The engine escapes text for HTML (src/shared/html.ts); this is the exact inverse. */
export const unescapeHtml = (value: string) => value.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

const LEVELS = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2'] as const;

function toHit(docs: Docs, hit: SearchHit): z.infer<typeof hitSchema> {
  const [route, anchor] = hit.url.split('#') as [string, string | undefined];
  const level = LEVELS.find((l) => hit.hierarchy[l] !== null);
  const heading = level ? hit.hierarchy[level] : null;
  const snippetValue = hit._snippetResult.content ?? (level ? hit._highlightResult.hierarchy[level] : hit._highlightResult.hierarchy.lvl1);
  const words = new Set<string>();
  for (const v of [...Object.values(hit._highlightResult.hierarchy), hit._highlightResult.content]) for (const w of v?.matchedWords ?? []) words.add(w);
  return {
    title: hit.hierarchy.lvl1,
    section: hit.hierarchy.lvl0,
    url: publicUrl(docs, route, anchor),
    route,
    anchor: anchor ?? null,
    heading,
    snippet: unescapeHtml(snippetValue?.value ?? ''),
    matched_words: [...words],
  };
}

/** Runs one search; an unknown section is a tool error naming the sections. */
export async function searchDocs(docs: Docs, args: { query: string; limit?: number; section?: string }) {
  const limit = args.limit ?? SEARCH_LIMIT_DEFAULT;
  const section = args.section?.trim();
  const sectionName = section ? docs.sections.find((s) => s.toLowerCase() === section.toLowerCase()) : undefined;
  if (section && !sectionName) return toolError(`There is no section "${section}". The sections are: ${docs.sections.join(', ')}.`);
  const engine = await docs.engine();
  const result = engine.searchOne({
    query: args.query,
    hitsPerPage: sectionName ? SECTION_SCAN : limit,
    attributesToSnippet: [`content:${SNIPPET_WORDS}`],
    highlightPreTag: '',
    highlightPostTag: '',
    snippetEllipsisText: '…',
  });
  const hits = sectionName ? result.hits.filter((h) => h.hierarchy.lvl0 === sectionName) : result.hits;
  const output: SearchOutput = { query: result.query, total: sectionName ? hits.length : result.nbHits, hits: hits.slice(0, limit).map((h) => toHit(docs, h)) };
  const text = output.hits.length === 0
    ? `No page matches "${args.query}"${sectionName ? ` in ${sectionName}` : ''}. Try other words, or list_sections to browse.`
    : output.hits.map((h, i) => `${i + 1}. ${h.title}${h.heading ? ` › ${h.heading}` : ''} (${h.section})\n   ${h.url}\n   ${h.snippet}`).join('\n');
  return { content: [{ type: 'text' as const, text }], structuredContent: output };
}
