/** The site config's links (header, menus, footer, announcement) pass the same URL policy as content. */
import type { Diagnostic } from '../../shared/types.ts';
import { URL_FIX, refusedScheme } from './urls.ts';

export const SITE_CONFIG_FILE = 'src/shared/site-config.ts';

/** Every string under a key that names a URL (`href`, `url`, `link`…), with its path in the config. */
function urlFields(value: unknown): { path: string; url: string }[] {
  const out: { path: string; url: string }[] = [];
  const stack: [unknown, string][] = [[value, 'siteConfig']];
  for (let guard = 0; stack.length > 0 && guard < 100_000; guard++) {
    const [v, path] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
      const at = Array.isArray(v) ? `${path}[${k}]` : `${path}.${k}`;
      if (typeof child === 'string' && /(href|url|link|Url|Href|Link)$/.test(k)) out.push({ path: at, url: child });
      else if (child && typeof child === 'object') stack.push([child, at]);
    }
  }
  return out;
}

/** Errors for config links the policy refuses (the config is code, but reviewed like content). */
export function checkSiteConfigUrls(config: unknown): Diagnostic[] {
  return urlFields(config).flatMap(({ path, url }) => {
    const scheme = refusedScheme(url);
    return scheme === undefined ? [] : [{ severity: 'error' as const, file: SITE_CONFIG_FILE, rule: 'unsafe-url', message: `${path} uses the \`${scheme}:\` scheme, which the site never emits.`, fix: URL_FIX }];
  });
}
