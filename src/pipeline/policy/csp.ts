/**
 * The Content-Security-Policy of every page, and the other security headers.
 *
 * Scripts: only files of this site (`'self'`) and the inline scripts the build writes,
 * each allowed by its SHA-256 hash, so no `'unsafe-inline'`: markup that slipped into a
 * page could not run. The same policy goes into every page's `<meta>` and into
 * `build/_headers` (Netlify and Cloudflare Pages read it; see docs/security.md for other hosts),
 * with what a `<meta>` cannot carry (`frame-ancestors`) in the header only.
 */
import { createHash } from 'node:crypto';
import type { AlgoliaSettings } from '../../shared/search/config.ts';

/** `'sha256-…'` source of one inline script's exact text. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** Where the search client and its insights client connect, when Algolia is configured. */
export function algoliaConnectSources(algolia: AlgoliaSettings | undefined): string[] {
  if (!algolia) return [];
  const origin = (url: string) => new URL(url).origin;
  if (algolia.hosts && algolia.hosts.length > 0) {
    return [...new Set([...algolia.hosts.map(origin), ...(algolia.insights ? [origin(algolia.insightsHost ?? 'https://insights.algolia.io')] : [])])];
  }
  const id = algolia.appId.toLowerCase();
  // The lite client's hosts: the read host, then the three fallbacks it rotates through.
  const hosts = [`https://${id}-dsn.algolia.net`, `https://${id}.algolia.net`, `https://${id}-1.algolianet.com`, `https://${id}-2.algolianet.com`, `https://${id}-3.algolianet.com`];
  if (algolia.insights) hosts.push(origin(algolia.insightsHost ?? 'https://insights.algolia.io'));
  return hosts;
}

export interface CspInput {
  /** The exact text of every inline script a page of this build may run. */
  inlineScripts: string[];
  /** Extra `connect-src` origins (Algolia's hosts when configured). */
  connect: string[];
}

/** The policy's directives, in a stable order. */
function directives({ inlineScripts, connect }: CspInput): [string, string[]][] {
  const hashes = [...new Set(inlineScripts.map(scriptHash))].sort();
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes]],
    // KaTeX and the diagrams carry style attributes and <style> elements; styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...connect]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['frame-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
}

const join = (list: [string, string[]][]) => list.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');

/** The policy for the page's `<meta http-equiv>` (no `frame-ancestors`: browsers ignore it there). */
export function metaPolicy(input: CspInput): string {
  return join(directives(input));
}

/** The same policy as a response header, which can also forbid framing by other sites. */
export function headerPolicy(input: CspInput): string {
  return join([...directives(input), ['frame-ancestors', ["'self'"]]]);
}

/** Every header a host should send with the site's files. */
export function securityHeaders(input: CspInput): Record<string, string> {
  return {
    'Content-Security-Policy': headerPolicy(input),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
}

/** `build/_headers` in the format Netlify and Cloudflare Pages read: a path pattern, then indented headers. */
export function headersFile(basePath: string, headers: Record<string, string>): string {
  return `${basePath}*\n${Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`).join('\n')}\n`;
}

/** Reads `_headers` back (the preview server applies it like a host would): the headers of the first block. */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n').slice(1)) {
    const m = /^\s+([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (m) headers[m[1]!] = m[2]!;
    else if (line.trim()) break;
  }
  return headers;
}
