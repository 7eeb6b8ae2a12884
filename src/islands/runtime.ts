/**
 * The islands runtime: finds the elements a page marks with `data-island="name"` and
 * wakes each one's module when it is needed. A module's default export enhances the
 * server-rendered element; until then the element works as plain HTML.
 *
 * When an island wakes (`data-wake`): `visible` (default) when it scrolls near the
 * viewport, `idle` when the browser is idle, `load` at once, `interaction` on the first
 * pointer, focus or key event inside it.
 *
 * Loading (spec §4, §8): each island's code is a hashed chunk named in the page's islands
 * manifest. A chunk that takes longer than 200 ms shows a small spinner; one that fails or
 * takes over 120 s gives 'Loading chunk {id} failed' with its cause (missing, timeout or
 * error) in an error box with a Retry button. A missing chunk usually means a new deploy
 * replaced the files: that is logged and the page reloads once (never in a loop). A module
 * without a default export says so by name. An island that throws while starting shows
 * the crash screen ('This page crashed', the error and its causes, 'Try again') in its
 * place; the rest of the page keeps working.
 */

import { button, el } from './dom.ts';

type Enhance = (element: HTMLElement) => void;
type Cause = 'missing' | 'timeout' | 'error';

export const CHUNK_TIMEOUT_MS = 120_000;
const SPINNER_DELAY_MS = 200;
/**
 * Remembers, per page and build, that a reload for missing chunks already happened: the
 * same build never reloads twice (no loop), a newer deploy (new build id) may once more.
 */
const RELOAD_KEY = 'islands-reloaded-for';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly chunkId: string,
    readonly reason: Cause,
    readonly url: string,
    cause?: unknown,
  ) {
    super(`Loading chunk ${chunkId} failed.\n(${reason}: ${url})`, { cause });
  }
}

/** Island name → chunk URL, written by the build into the page. */
function readManifest(): Record<string, string> {
  try {
    return JSON.parse(document.getElementById('islands-manifest')?.textContent ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** Tests shorten the 120 s timeout through this global. */
function chunkTimeout(): number {
  const override = (window as unknown as { __islandsChunkTimeoutMs?: number }).__islandsChunkTimeoutMs;
  return typeof override === 'number' ? override : CHUNK_TIMEOUT_MS;
}

/** Why an import failed: the browser does not say, so ask the server for the file. */
async function causeOf(url: string): Promise<Cause> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 || response.status === 410 ? 'missing' : 'error';
  } catch {
    return 'error';
  }
}

// ------------------------------------------------------------------ loading indicator and error box

let pending = 0;
let spinnerTimer: ReturnType<typeof setTimeout> | undefined;
let spinner: HTMLElement | undefined;

function loadingStarted(): void {
  pending++;
  spinnerTimer ??= setTimeout(() => {
    spinner = el('div', 'islands-spinner');
    spinner.setAttribute('role', 'status');
    spinner.innerHTML = '<span class="islands-spinner__wheel" aria-hidden="true"></span><span class="visually-hidden">Loading…</span>';
    document.body.append(spinner);
  }, SPINNER_DELAY_MS);
}

function loadingEnded(): void {
  pending--;
  if (pending > 0) return;
  clearTimeout(spinnerTimer);
  spinnerTimer = undefined;
  spinner?.remove();
  spinner = undefined;
}

let errorBox: HTMLElement | undefined;
const retries: (() => void)[] = [];

/** The page's error box: each failure's text, and one Retry button for all of them. */
function showLoadError(error: Error, retry: () => void): void {
  if (!errorBox) {
    errorBox = el('div', 'islands-error');
    errorBox.setAttribute('role', 'alert');
    const list = el('div', 'islands-error__messages');
    const retry = button('islands-error__retry', 'Retry', () => {
      errorBox?.remove();
      errorBox = undefined;
      for (const again of retries.splice(0)) again();
    });
    errorBox.append(list, retry);
    document.body.append(errorBox);
  }
  errorBox.querySelector('.islands-error__messages')!.append(el('pre', undefined, error.message));
  retries.push(retry);
}

// ------------------------------------------------------------------ crash screen

function causes(error: unknown): string[] {
  const out: string[] = [];
  let e: unknown = (error as { cause?: unknown })?.cause;
  for (let depth = 0; e !== undefined && depth < 5; depth++) {
    out.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    e = (e as { cause?: unknown })?.cause;
  }
  return out;
}

/** 'This page crashed' in place of an island whose code threw; 'Try again' starts it afresh. */
function showCrash(element: HTMLElement, error: unknown, tryAgain: () => void): void {
  const box = el('div', 'crash-screen');
  box.setAttribute('role', 'alert');
  box.append(el('h2', 'crash-screen__title', 'This page crashed'), el('pre', 'crash-screen__error', error instanceof Error ? `${error.name}: ${error.message}` : String(error)));
  const list = causes(error);
  if (list.length > 0) {
    const ul = el('ul', 'crash-screen__causes');
    for (const c of list) ul.append(el('li', undefined, `Cause: ${c}`));
    box.append(ul);
  }
  box.append(
    button('crash-screen__retry', 'Try again', () => {
      box.remove();
      element.hidden = false;
      tryAgain();
    }),
  );
  element.hidden = true;
  element.before(box);
}

// ------------------------------------------------------------------ loading an island

const modules = new Map<string, Promise<{ default?: unknown }>>();

/** Imports a chunk once, with the timeout and a named cause on failure. */
function loadChunk(id: string, url: string): Promise<{ default?: unknown }> {
  let p = modules.get(url);
  if (!p) {
    loadingStarted();
    p = new Promise<{ default?: unknown }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(id, 'timeout', url)), chunkTimeout());
      import(/* webpackIgnore: true */ url).then(
        (m: { default?: unknown }) => {
          clearTimeout(timer);
          resolve(m);
        },
        async (e: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(id, await causeOf(url), url, e));
        },
      );
    }).finally(loadingEnded);
    // A failure is not kept: Retry imports again.
    p.catch(() => modules.delete(url));
    modules.set(url, p);
  }
  return p;
}

/** A chunk gone after a deploy: reload once to get the new page and its chunks. */
function reloadOnceForMissingChunk(error: ChunkLoadError): boolean {
  const key = `${location.pathname}|${document.documentElement.dataset.build ?? ''}`;
  try {
    if (sessionStorage.getItem(RELOAD_KEY) === key) return false;
    sessionStorage.setItem(RELOAD_KEY, key);
  } catch {
    return false;
  }
  console.warn(`${error.message.replace('\n', ' ')}: the site was probably updated; reloading the page once.`);
  location.reload();
  return true;
}

function start(element: HTMLElement, id: string, url: string): void {
  loadChunk(id, url).then(
    (module) => {
      if (typeof module.default !== 'function') {
        const error = new Error(`The ${id} island module (${url}) has no default export.`);
        console.error(error);
        showLoadError(error, () => start(element, id, url));
        return;
      }
      try {
        (module.default as Enhance)(element);
        element.dataset.islandReady = '';
        const pending = pendingClicks.get(element);
        pendingClicks.delete(element);
        pending?.click();
      } catch (e) {
        console.error(`The ${id} island crashed:`, e);
        showCrash(element, e, () => start(element, id, url));
      }
    },
    (e: unknown) => {
      const error = e instanceof Error ? e : new Error(String(e));
      console.error(error);
      if (error instanceof ChunkLoadError && error.reason === 'missing' && reloadOnceForMissingChunk(error)) return;
      showLoadError(error, () => start(element, id, url));
    },
  );
}

/**
 * A button clicked while its island's chunk was still loading (the first pointer event
 * starts the load, and a quick click can beat it): clicked again once the island is ready,
 * so that first click is not lost. Links are left alone: they act without the island.
 */
const pendingClicks = new WeakMap<HTMLElement, HTMLElement>();

function rememberEarlyClicks(element: HTMLElement): void {
  const onClick = (e: Event) => {
    if (element.dataset.islandReady !== undefined) return element.removeEventListener('click', onClick, true);
    const button = (e.target as Element | null)?.closest?.('button');
    if (button && element.contains(button)) pendingClicks.set(element, button);
  };
  element.addEventListener('click', onClick, true);
}

function wake(element: HTMLElement, run: () => void): void {
  const when = element.dataset.wake ?? 'visible';
  if (when === 'load') return run();
  if (when === 'idle') return void (window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200)))(run);
  if (when === 'interaction') {
    const events = ['pointerenter', 'focusin', 'keydown', 'touchstart'];
    const once = () => {
      for (const e of events) element.removeEventListener(e, once);
      run();
    };
    for (const e of events) element.addEventListener(e, once, { passive: true });
    rememberEarlyClicks(element);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        run();
      }
    },
    { rootMargin: '200px' },
  );
  observer.observe(element);
}

const manifest = readManifest();
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const id = element.dataset.island ?? '';
  const url = manifest[id];
  // Names without a chunk are server-only markers.
  if (url) wake(element, () => start(element, id, url));
}
