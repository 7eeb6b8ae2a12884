/**
 * Live reload for watch mode: a server-sent-events endpoint that sends the site's
 * revision number, and the small client that reloads the page when it changes.
 */
import type { ServerResponse } from 'node:http';

export const LIVE_RELOAD_PATH = '/__live-reload';

/** Where the client script is served (a file, not inline, so pages keep their strict CSP in watch mode). */
export const LIVE_RELOAD_SCRIPT_PATH = '/__live-reload.js';

/**
 * The client: reloads the page when the site's revision moves past the one the page was
 * rendered with (read from its script tag), and lets the writer hide the problems box.
 */
export const LIVE_RELOAD_SCRIPT = `(function(){var t=document.currentScript,r=Number(t&&t.dataset.revision);var s=new EventSource(${JSON.stringify(LIVE_RELOAD_PATH)});s.onmessage=function(e){if(Number(e.data)!==r)location.reload()};document.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('[data-dev-dismiss]');if(b&&b.parentNode)b.parentNode.remove()})})()`;

/** The tag injected before </body> of every page in watch mode. */
export function liveReloadClient(revision: number): string {
  return `<script src="${LIVE_RELOAD_SCRIPT_PATH}" data-revision="${revision}"></script>`;
}

/** Keeps the open event streams and tells them about new revisions. */
export class LiveReload {
  private clients = new Set<ServerResponse>();
  revision = 1;

  /** Registers a browser's event stream. */
  attach(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(`retry: 500\ndata: ${this.revision}\n\n`);
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }

  /** Starts a new revision; pages rendered from now on carry it. */
  next(): void {
    this.revision++;
  }

  /** Tells every open page the current revision (pages with an older one reload). */
  notify(): void {
    for (const res of this.clients) res.write(`data: ${this.revision}\n\n`);
  }

  close(): void {
    for (const res of this.clients) res.end();
    this.clients.clear();
  }
}
