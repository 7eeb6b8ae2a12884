/** Stage 1, load: pages, sidebar, release data and the example catalogue. */
import type { Diagnostic, PageSource, ReleaseData, RepositoryData, ExampleEntry } from '../../shared/types.ts';
import type { Sidebars } from '../../shared/sidebar-types.ts';
import { loadPages, type HashedRead, type LoadReuse } from './load-pages.ts';
import { loadSidebars } from './load-sidebar.ts';
import { loadSiteData } from './load-data.ts';
import { loadExamples } from './load-examples.ts';

export interface LoadedSite {
  root: string;
  pages: PageSource[];
  sidebars: Sidebars;
  sidebarsText: string;
  release: ReleaseData;
  repository?: RepositoryData;
  examples: Map<string, ExampleEntry>;
  diagnostics: Diagnostic[];
  /** With `reuse`: see LoadedPages. */
  reads?: HashedRead[];
  unread?: Set<PageSource>;
}

/** Reads everything the later stages need from `<root>/content`. */
export async function loadSite(root: string, pageFiles?: string[], reuse?: LoadReuse): Promise<LoadedSite> {
  const [pages, sidebars, data, examples] = await Promise.all([loadPages(root, pageFiles, reuse), loadSidebars(root), loadSiteData(root), loadExamples(root)]);
  return {
    root,
    pages: pages.pages,
    sidebars: sidebars.sidebars,
    sidebarsText: sidebars.text,
    release: data.release,
    repository: data.repository,
    examples: examples.entries,
    diagnostics: [...pages.diagnostics, ...sidebars.diagnostics, ...data.diagnostics, ...examples.diagnostics],
    reads: pages.reads,
    unread: pages.unread,
  };
}
