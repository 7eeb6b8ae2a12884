/**
 * Links between pages are written as relative paths to markdown files
 * (`../concept/designated-timestamp.md#properties`); this rewrites them to routes
 * (`/docs/concept/designated-timestamp/#properties`), adds the trailing slash to
 * `/docs/…` links, maps relative paths into public/ to their URLs, and records every
 * internal link with its line for the site-wide link and anchor check (stage 3).
 * Links to the marketing site (`/blog/…`) and external URLs are left alone.
 *
 * Every URL first passes the site's URL policy (policy/urls.ts): a `javascript:`, `data:`
 * or other refused URL is an error, and the link renders as its text, the image as its alt
 * text, a reference definition as nothing.
 */
import { posix } from 'node:path';
import type { Root, Link, Image, Definition } from 'mdast';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../visit.ts';
import type { Parent, PhrasingContent } from 'mdast';
import { URL_FIX, refusedScheme } from '../../policy/urls.ts';
import { BASE_PATH, isExternal, splitSuffix, withTrailingSlash } from '../../../shared/url.ts';
import { report, sourceFileOf } from '../report.ts';
import { closest } from '../../diagnostics.ts';

type UrlNode = Link | Image | Definition;

export default function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.context!;
    const page = file.data.page!;
    const links = (file.data.links ??= []);
    visit(tree, (node, index, parent) => {
      if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return;
      const n = node as UrlNode;
      const scheme = refusedScheme(n.url);
      if (scheme !== undefined) {
        report(file, n, `The ${n.type === 'image' ? 'image' : 'link'} URL uses the \`${scheme}:\` scheme, which the site never emits; it is shown as text.`, { rule: 'unsafe-url', severity: 'error', fix: URL_FIX });
        if (parent && index !== undefined) {
          const replacement: PhrasingContent[] = n.type === 'link' ? n.children : n.type === 'image' ? (n.alt ? [{ type: 'text', value: n.alt }] : []) : [];
          (parent as Parent).children.splice(index, 1, ...(replacement as never[]));
          return [SKIP, index];
        }
        n.url = '';
        return;
      }
      const url = n.url.trim();
      if (url === '' || isExternal(url)) return;
      const from = sourceFileOf(file, n);
      const line = n.data?.origin?.line ?? n.position?.start.line;
      const record = (href: string) => links.push({ href, line, file: from });
      if (url.startsWith('#')) {
        record(page.route + url);
        return;
      }
      if (url.startsWith('/')) {
        if (url.startsWith(BASE_PATH) || url + '/' === BASE_PATH) {
          n.url = withTrailingSlash(url);
          record(n.url);
        }
        return;
      }
      const [path, suffix] = splitSuffix(url);
      const target = posix.normalize(posix.join(posix.dirname(from), decodeURIComponent(path)));
      if (/\.mdx?$/.test(path)) {
        const route = ctx.routesByFile.get(target);
        if (route) {
          n.url = route + suffix;
          record(n.url);
          return;
        }
        const isFragment = posix.basename(target).startsWith('_');
        const guess = isFragment ? undefined : closest(target, ctx.routesByFile.keys());
        report(file, n, isFragment ? `The link points at the fragment ${target}, which has no page of its own.` : `Broken link: ${url} (no page at ${target}).`, {
          rule: 'broken-link',
          fix: isFragment ? 'Link to a page that includes the fragment.' : guess ? `Did you mean ${posix.relative(posix.dirname(from), guess)}?` : 'Check the path; it is relative to the file the link is written in.',
        });
        return;
      }
      if (target.startsWith('public/')) {
        n.url = BASE_PATH + target.slice('public/'.length) + suffix;
        record(n.url);
        return;
      }
      // A relative URL without .md: resolved like a browser would, against the page's route.
      const resolved = new URL(url, 'https://site.invalid' + page.route);
      if (resolved.pathname.startsWith(BASE_PATH)) {
        n.url = withTrailingSlash(resolved.pathname) + resolved.search + resolved.hash;
        record(n.url);
      }
    });
  };
}
