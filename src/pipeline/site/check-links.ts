/** The site-wide check of internal links and anchors. Problems are warnings, never failures. */
import type { CompiledPage, Diagnostic } from '../../shared/types.ts';
import { BASE_PATH, splitSuffix } from '../../shared/url.ts';
import { closest } from '../diagnostics.ts';

/**
 * Checks every recorded `/docs/…` link: the route (or a static file) must exist, and an
 * `#anchor` must be an id on the target page.
 */
export function checkLinks(pages: CompiledPage[], hasStaticFile: (path: string) => boolean): Diagnostic[] {
  const byRoute = new Map(pages.map((p) => [p.source.route, p]));
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    for (const link of page.links) {
      const [path, suffix] = splitSuffix(link.href);
      const hash = suffix.includes('#') ? decodeURIComponent(suffix.slice(suffix.indexOf('#') + 1)) : '';
      if (!path.startsWith(BASE_PATH)) continue;
      const target = byRoute.get(path);
      if (!target) {
        if (!hash && hasStaticFile(path)) continue;
        const guess = closest(path, byRoute.keys());
        diagnostics.push({ severity: 'warning', file: link.file, line: link.line, rule: 'broken-link', message: `Broken link: ${link.href} is not a page of the site.`, fix: guess ? `Did you mean ${guess}?` : 'Link to an existing page, preferably as a relative path to its .md file.' });
        continue;
      }
      if (hash && !target.anchors.has(hash)) {
        const guess = closest(hash, target.anchors);
        diagnostics.push({ severity: 'warning', file: link.file, line: link.line, rule: 'broken-anchor', message: `Broken anchor: #${hash} is not on ${target.source.route}.`, fix: guess ? `Did you mean #${guess}?` : target.toc[0] ? `Use one of the page's heading anchors, e.g. #${target.toc[0].id}.` : 'Link to the page without an anchor.' });
      }
    }
  }
  return diagnostics;
}
