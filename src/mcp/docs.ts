/**
 * The built site as the server sees it, loaded once at start-up: the search engine over the
 * same index files the browser loads (headings, then content, as src/islands/search-client.ts
 * joins them), the pages with their sections, titles, descriptions and headings, and the
 * llms.txt structure.
 */
import { SearchEngine, recordsFromIndex } from '../shared/search/engine.ts';
import type { ContentIndexFile, HeadingsIndexFile } from '../shared/search/types.ts';
import { BASE_PATH } from '../shared/url.ts';
import { parseLlms, type LlmsSectionEntry } from './llms.ts';
import type { SiteSource } from './site-source.ts';

export interface PageHeading {
  level: number;
  anchor: string;
  text: string;
}

export interface DocPage {
  route: string;
  title: string;
  section: string;
  description: string;
  headings: PageHeading[];
}

export interface Docs {
  source: SiteSource;
  /** The engine over headings and content, built after start-up (see loadEngine). */
  engine: () => Promise<SearchEngine>;
  /** By route (`/docs/concept/ttl/`), in site order. */
  pages: Map<string, DocPage>;
  sections: string[];
  llms: LlmsSectionEntry[];
  /** Where links point: `https://questdb.com/docs/` unless the source says otherwise. */
  publicBase: string;
}

async function readJson<T>(source: SiteSource, path: string): Promise<T> {
  const text = await source.read(path);
  if (text === undefined) throw new Error(`${source.where} has no ${path}: is it a built site? Run \`npm run build\` first.`);
  return JSON.parse(text) as T;
}

/** The route of a URL or path that llms.txt gives for a Markdown copy. */
function routeOfMarkdownUrl(url: string): string {
  const path = new URL(url, 'https://site.invalid').pathname;
  return path.replace(/index\.md$/, '');
}

/** Records added between two yields to the event loop, so requests keep being answered while the index loads. */
const SLICE = 1500;

/**
 * The engine as the browser's client builds it (src/islands/search-client.ts): the headings
 * index, then the content index joined in slices. It starts after the server is up, so
 * start-up never waits for it; searches wait until the whole index is in, so every answer
 * comes from the same index the modal ends up with.
 */
async function loadEngine(source: SiteSource, headings: HeadingsIndexFile): Promise<SearchEngine> {
  await new Promise((r) => setImmediate(r));
  const content = await readJson<ContentIndexFile>(source, 'search/content.json');
  const records = recordsFromIndex(headings, content);
  const engine = new SearchEngine([]);
  for (let i = 0; i < records.length; i += SLICE) {
    engine.add(records.slice(i, i + SLICE));
    await new Promise((r) => setImmediate(r));
  }
  return engine;
}

export async function loadDocs(source: SiteSource, defaultBase: string): Promise<Docs> {
  const [headings, llmsText] = await Promise.all([readJson<HeadingsIndexFile>(source, 'search/headings.json'), source.read('llms.txt')]);
  const loading = loadEngine(source, headings);
  // Reported when a search asks for it; never an unhandled rejection meanwhile.
  loading.catch(() => {});
  const engine = () => loading;
  const llms = llmsText === undefined ? [] : parseLlms(llmsText);
  const descriptions = new Map<string, string>();
  for (const s of llms) for (const e of s.entries) descriptions.set(routeOfMarkdownUrl(e.url), e.description);
  const pages = new Map<string, DocPage>();
  const list = headings.pages.map(([route, section, title]) => {
    const page: DocPage = { route, title, section: headings.sections[section] ?? '', description: descriptions.get(route) ?? '', headings: [] };
    pages.set(route, page);
    return page;
  });
  for (const [page, level, anchor, text] of headings.headings) list[page]?.headings.push({ level, anchor, text });
  // Pages llms.txt lists that search leaves out still have a Markdown copy (their headings are unknown).
  for (const s of llms) {
    for (const e of s.entries) {
      const route = routeOfMarkdownUrl(e.url);
      if (e.url.endsWith('index.md') && route.startsWith(BASE_PATH) && !pages.has(route)) pages.set(route, { route, title: e.title, section: s.section, description: e.description, headings: [] });
    }
  }
  const publicBase = source.publicBase ?? defaultBase;
  return { source, engine, pages, sections: headings.sections, llms: llms.filter((s) => s.entries.some((e) => routeOfMarkdownUrl(e.url).startsWith(BASE_PATH) && e.url.endsWith('index.md'))), publicBase };
}

/** The absolute URL of a route (and anchor) on the site the docs point at. */
export function publicUrl(docs: Docs, route: string, anchor?: string): string {
  const base = new URL(docs.publicBase);
  return new URL(route.slice(BASE_PATH.length) + (anchor ? `#${anchor}` : ''), new URL(BASE_PATH, base)).href;
}
