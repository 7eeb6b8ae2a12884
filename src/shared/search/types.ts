/**
 * The shapes of search, shared by the build (records, index files), the browser (the
 * local engine, the modal, the results page) and the upload script. Records are
 * DocSearch-shaped so the same records serve Algolia and the built-in engine.
 */

export type HitType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

export interface Hierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

/** One DocSearch record: a page title, a heading, or a paragraph / list item / table row. */
export interface SearchRecord {
  objectID: string;
  hierarchy: Hierarchy;
  /** Text of a `content` record; null for headings. */
  content: string | null;
  type: HitType;
  /** The page route with the heading anchor, e.g. `/docs/reference/sql/sample-by/#fill-options`. */
  url: string;
  /** Page records only: the reader's words for the page (front-matter keywords, sidebar label, the route's words). */
  keywords?: string;
  /** Order in the site (pages, then headings, then texts): the last tie-break, the same however the records arrive. */
  position?: number;
}

/** What Algolia returns for one highlighted or snippeted attribute. */
export interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords?: string[];
  fullyHighlighted?: boolean;
}

export interface SearchHit extends SearchRecord {
  _highlightResult: { hierarchy: Record<keyof Hierarchy, HighlightValue>; content?: HighlightValue };
  _snippetResult: { hierarchy: Partial<Record<keyof Hierarchy, HighlightValue>>; content?: HighlightValue };
}

/** One request of a multi-search call, as DocSearch sends it. */
export interface SearchRequest {
  query: string;
  indexName?: string;
  attributesToRetrieve?: string[];
  attributesToSnippet?: string[];
  snippetEllipsisText?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  hitsPerPage?: number;
  page?: number;
  clickAnalytics?: boolean;
}

export interface SearchResult {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  params: string;
  index?: string;
  queryID?: string;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
}

export interface MultiSearchResponse {
  results: SearchResult[];
}

/** The part of a search client DocSearch and the results page call. */
export interface SearchClientLike {
  search(params: { requests: SearchRequest[] } | SearchRequest[]): Promise<MultiSearchResponse>;
}

/**
 * The compact files the build emits for the built-in engine. Headings (page titles and
 * headings) come first and answer at once; content (paragraphs, list items, table rows)
 * is fetched behind them.
 */
export interface HeadingsIndexFile {
  v: 1;
  /** Top-level sidebar sections (lvl0), referred to by position. */
  sections: string[];
  /** [route, section index, title, keywords (optional: the page's strong words)] */
  pages: ([string, number, string] | [string, number, string, string])[];
  /** [page index, level 2–6, anchor, text, parent heading index or -1] */
  headings: [number, number, string, string, number][];
}

export interface ContentIndexFile {
  v: 1;
  /** [page index, heading index or -1, text, own anchor when the text has one (a configuration row)] */
  content: ([number, number, string] | [number, number, string, string])[];
}

/** Where the index files are; embedded in each page by the build. */
export interface LocalIndexUrls {
  headings: string;
  content: string;
}
