/**
 * The one URL policy of the site: every link, image, reference definition, autolink,
 * front-matter URL, sidebar entry and site-config link is checked here. Allowed: `http:`,
 * `https:`, `mailto:`, `tel:`, and URLs without a scheme (relative paths, `/docs/…`,
 * `#fragment`, `//host/…`). Everything else (`javascript:`, `vbscript:`, `data:`, `file:`…)
 * is refused, whatever its letter case, entities, whitespace or control characters.
 */

export const ALLOWED_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", sol: '/', bsol: '\\', nbsp: '\u00a0', lpar: '(', rpar: ')', period: '.', comma: ',' };

/** Decodes HTML character references (`&#106;`, `&#x6A;`, `&colon;`, with or without `;`), repeatedly. */
function decodeEntities(text: string): string {
  let out = text;
  for (let i = 0; i < 5; i++) {
    const next = out.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z]+);?/g, (all, ref: string) => {
      if (ref[0] === '#') {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return NAMED[ref.toLowerCase()] ?? all;
    });
    if (next === out) break;
    out = next;
  }
  return out;
}

/** Percent-decoding that never throws. Browsers do not decode a scheme, but refusing `%6Aavascript:` too costs nothing. */
function safeDecodeURI(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The scheme a browser would see, lower-cased, or undefined for a URL without one. */
export function schemeOf(url: string): string | undefined {
  // Browsers drop ASCII whitespace and control characters inside a scheme, so do the same before looking.
  const cleaned = decodeEntities(url).replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g, '');
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned) ?? /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(safeDecodeURI(cleaned));
  return m ? m[1]!.toLowerCase() : undefined;
}

/** Why a URL is refused (its scheme), or undefined when it may be emitted. */
export function refusedScheme(url: string): string | undefined {
  const scheme = schemeOf(url);
  if (scheme === undefined) return undefined;
  return (ALLOWED_SCHEMES as readonly string[]).includes(scheme) ? undefined : scheme;
}

/** True when the URL may be emitted as an href or src. */
export function isAllowedUrl(url: string): boolean {
  return refusedScheme(url) === undefined;
}

/** The fix every refused-URL diagnostic gives. */
export const URL_FIX = `Use an http(s), mailto: or tel: URL, a relative path to a page (\`../concept/ttl.md\`) or a #fragment; ${'`javascript:`'}, ${'`data:`'} and other schemes are never emitted.`;
