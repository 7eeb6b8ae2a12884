/** Checks a page's inline scripts against its own CSP `<meta>`: each must be allowed by a hash. */
import { createHash } from 'node:crypto';

/** The inline scripts of `html` that its CSP does not allow (empty when all are hashed). */
export function unhashedInlineScripts(html: string): string[] {
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1]?.replace(/&#x27;/g, "'");
  if (!meta) return ['(no CSP meta)'];
  const allowed = new Set(meta.match(/'sha256-[^']+'/g) ?? []);
  const bad: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)) {
    const hash = `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`;
    if (!allowed.has(hash)) bad.push(m[1]!.slice(0, 80));
  }
  return bad;
}
