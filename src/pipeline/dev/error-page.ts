/** What watch mode shows in the browser for a page with problems. */
import type { Diagnostic } from '../../shared/types.ts';
import { escapeHtml as escape } from '../../shared/html.ts';

function list(diagnostics: Diagnostic[]): string {
  return diagnostics
    .map((d) => `<li><strong>${d.severity}</strong> <code>${escape(d.file)}${d.line ? ':' + d.line : ''}</code> ${escape(d.message)}${d.fix ? `<br><em>fix:</em> ${escape(d.fix)}` : ''}</li>`)
    .join('');
}

/** A whole page for a file that cannot be built (for example invalid front matter). */
export function errorPage(file: string, diagnostics: Diagnostic[], liveReload: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build error: ${escape(file)}</title></head><body style="background:#21222c;color:#fff;font:16px/1.6 system-ui,sans-serif;padding:2rem"><h1 style="color:#ff8fb1">This page cannot be built</h1><p><code>${escape(file)}</code> has problems to fix. The page comes back as soon as you save a fixed version.</p><ul>${list(diagnostics)}</ul>${liveReload}</body></html>`;
}

/** A box over a page that built with warnings, so writers see them where they look. */
export function diagnosticsOverlay(diagnostics: Diagnostic[]): string {
  if (diagnostics.length === 0) return '';
  return `<aside id="dev-diagnostics" style="position:fixed;z-index:9999;right:1rem;bottom:1rem;max-width:40rem;max-height:40vh;overflow:auto;background:#141725;color:#fff;border:2px solid #ffd54f;border-radius:8px;padding:0.75rem 1rem;font:14px/1.5 system-ui,sans-serif"><button type="button" data-dev-dismiss style="float:right" aria-label="Hide">×</button><strong>${diagnostics.length} problem(s) on this page</strong><ul style="padding-left:1.2rem;margin:0.5rem 0 0">${list(diagnostics)}</ul></aside>`;
}

/** What the browser gets when watch mode itself fails on a request: the message and, when known, where; never a stack trace. */
export function crashPage(error: Error, liveReload: string): string {
  const where = /\(?((?:content|src|templates)\/[^\s:()]+):(\d+)/.exec(error.stack ?? '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Watch mode error</title></head><body style="background:#21222c;color:#fff;font:16px/1.6 system-ui,sans-serif;padding:2rem"><h1 style="color:#ff8fb1">Watch mode could not serve this page</h1><p>${escape(error.message)}</p>${where ? `<p>At <code>${escape(where[1]!)}:${where[2]}</code>.</p>` : ''}<p>The terminal running <code>npm start</code> has the details. The page reloads when you save a file.</p>${liveReload}</body></html>`;
}
