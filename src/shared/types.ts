/** Types that cross the boundaries between the build stages. */
import type { Root as HastRoot } from 'hast';

/** A problem a writer can fix, with where it is and what to do. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Repository-relative path of the file, e.g. `content/docs/concept/ttl.md`. */
  file: string;
  line?: number;
  column?: number;
  message: string;
  /** What the writer should do about it. */
  fix?: string;
  /** A short rule name, e.g. `broken-link`, `front-matter`. */
  rule: string;
}

/** Validated front matter of a page (see CONTENT-GUIDE.md). */
export interface FrontMatter {
  title: string;
  sidebar_label?: string;
  description: string;
  keywords: string[];
  image?: string;
  canonical?: string;
  permalink?: string;
  slug?: string;
  noindex: boolean;
  hide_table_of_contents: boolean;
}

/** A page as loaded from disk: stage 1's output, stage 2's input. */
export interface PageSource {
  /** Repository-relative path, e.g. `content/docs/concept/ttl.md`. */
  file: string;
  /** Doc id: path under content/docs without extension, e.g. `concept/ttl`. */
  id: string;
  /** Route with the base path and a trailing slash, e.g. `/docs/concept/ttl/`. */
  route: string;
  frontMatter: FrontMatter;
  /** The markdown body with the front matter replaced by blank lines, so line numbers match the file. */
  body: string;
  /** True for partials/ and quick-start-utils/: routed, but not in the sidebar. */
  hidden: boolean;
  /** The sha256 of the file's bytes, when a cached build took it: the page cache keys the page by it. */
  sourceHash?: string;
}

export interface TocEntry {
  depth: 2 | 3;
  id: string;
  text: string;
}

/** A link found in a page, kept for the site-wide check. */
export interface PageLink {
  /** The href as emitted (already resolved for `.md` links). */
  href: string;
  line?: number;
  /** The file the link was written in (a fragment for included content). */
  file: string;
}

/** Page features that need extra assets. */
export interface PageFeatures {
  math: boolean;
  mermaidPending: boolean;
}

/** What compiling a page yields besides its tree (also the per-page data on the vfile). */
export interface PageCompileData {
  toc: TocEntry[];
  /** Every id on the page that an anchor may target. */
  anchors: Set<string>;
  links: PageLink[];
  /** Raw HTML strings (railroad and mermaid SVG) spliced in after React renders. */
  rawBlocks: string[];
  /** Files the page was built from besides its own (fragments, examples, data), for watch mode. */
  dependencies: Set<string>;
  features: PageFeatures;
  diagnostics: Diagnostic[];
}

/** A compiled page: stage 2's output. */
export interface CompiledPage extends PageCompileData {
  source: PageSource;
  hast: HastRoot;
  /** The page as clean Markdown (`build/<route>/index.md`), made from the compiled tree. */
  markdown: string;
}

/** One entry of the latest-release data (spec §3). */
export interface ReleaseData {
  tag_name: string;
  name: string;
  draft: boolean;
  prerelease: boolean;
  published_at: string;
  html_url: string;
  body: string;
  assets: { name: string; size: number; content_type: string; download_count: number; browser_download_url: string }[];
}

export interface RepositoryData {
  name: string;
  full_name: string;
  description: string;
  language: string;
  stargazers_count: number;
  forks_count: number;
  open_issues_count: number;
  license: string;
  topics: string[];
  default_branch: string;
  html_url: string;
}

/** One ingestion example of the catalogue, keyed `{kind}/{language}`. */
export interface ExampleEntry {
  key: string;
  kind: string;
  language: string;
  name: string;
  lang: string;
  code: string;
  /** Markdown: a line linking to the client library docs, maybe with install steps. */
  header: string;
  auth?: { kid: string; d: string; x?: string; y?: string };
  addr?: { host: string; port: number };
  file: string;
}
