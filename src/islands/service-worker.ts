/**
 * Registers the service worker at /docs/sw.js with a params query carrying the offline-mode
 * decision (spec §4). Offline mode is on when one of the configured strategies holds:
 * the app is installed (`appInstalled`), runs standalone (`standalone`), the address has
 * `?offlineMode=true` (`queryString`), data-saver is on (`saveData`), or the screen is a
 * phone's (`mobile`). A waiting update shows a "new version" popup in offline mode and
 * skips waiting at once otherwise; after an app-install event the worker is unregistered
 * and the page reloads (to come back in offline mode); a failed registration is logged.
 */
import { button, el } from './dom.ts';

type Strategy = 'appInstalled' | 'standalone' | 'queryString' | 'saveData' | 'mobile';

async function offlineModeOn(strategies: Set<Strategy>): Promise<boolean> {
  const nav = navigator as Navigator & { standalone?: boolean; connection?: { saveData?: boolean }; getInstalledRelatedApps?: () => Promise<unknown[]> };
  if (strategies.has('queryString') && new URLSearchParams(location.search).get('offlineMode') === 'true') return true;
  if (strategies.has('standalone') && (matchMedia('(display-mode: standalone)').matches || nav.standalone === true)) return true;
  if (strategies.has('saveData') && nav.connection?.saveData === true) return true;
  if (strategies.has('mobile') && matchMedia('(max-width: 996px)').matches) return true;
  if (strategies.has('appInstalled') && nav.getInstalledRelatedApps) {
    try {
      if ((await nav.getInstalledRelatedApps()).length > 0) return true;
    } catch {
      /* not allowed here */
    }
  }
  return false;
}

/** Set by the popup's Refresh: the new worker's takeover then reloads the page. */
let refreshRequested = false;

function showUpdatePopup(worker: ServiceWorker): void {
  if (document.querySelector('.sw-update')) return;
  const box = el('div', 'sw-update');
  box.setAttribute('role', 'alertdialog');
  box.setAttribute('aria-label', 'New version available');
  const text = el('p', undefined, 'New version available');
  const refresh = button('sw-update__refresh', 'Refresh', () => {
    // The page reloads when the new worker takes over (see controllerchange below).
    refreshRequested = true;
    worker.postMessage({ type: 'SKIP_WAITING' });
    refresh.disabled = true;
  });
  const close = button('sw-update__close', '×', () => box.remove());
  close.setAttribute('aria-label', 'Close');
  box.append(text, refresh, close);
  document.body.append(box);
}

export default async function enhance(element: HTMLElement): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const strategies = new Set((element.dataset.strategies ?? '').split(/\s+/).filter(Boolean) as Strategy[]);
  const offline = await offlineModeOn(strategies);
  const url = `${element.dataset.sw ?? '/docs/sw.js'}?offlineMode=${offline}`;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Outside offline mode an update takes over quietly: this page keeps its own assets
    // (and the runtime reloads once if one has gone); after Refresh, the new version loads.
    if (refreshRequested && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  window.addEventListener('appinstalled', () => {
    void navigator.serviceWorker
      .getRegistrations()
      .then((regs) => Promise.all(regs.map((r) => r.unregister())))
      .then(() => location.reload());
  });
  try {
    const registration = await navigator.serviceWorker.register(url, { scope: element.dataset.scope ?? '/docs/' });
    const onWaiting = (worker: ServiceWorker) => {
      if (offline) showUpdatePopup(worker);
      else worker.postMessage({ type: 'SKIP_WAITING' });
    };
    if (registration.waiting && navigator.serviceWorker.controller) onWaiting(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) onWaiting(worker);
      });
    });
    element.dataset.swOffline = String(offline);
    element.dataset.swReady = '';
  } catch (e) {
    console.error('Service worker registration failed:', e);
  }
}
