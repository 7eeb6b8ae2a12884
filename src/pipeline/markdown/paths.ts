/** Where a page's Markdown copy lives (kept apart from the serialiser, which is heavy to load). */
import { outputPathForRoute } from '../load/routes.ts';

/** The file name of a page's Markdown copy inside its route folder. */
export const MARKDOWN_FILE = 'index.md';

/** The URL path of a route's Markdown copy: `/docs/x/` → `/docs/x/index.md`. */
export function markdownPath(route: string): string {
  return route + MARKDOWN_FILE;
}

/** `/docs/x/` → `x/index.md`, beside the page's index.html. */
export function markdownOutputPath(route: string): string {
  return outputPathForRoute(route).replace(/index\.html$/, MARKDOWN_FILE);
}
