/**
 * What the modal needs besides its code, fetched once per page and shared: the search
 * button starts the index download and the stylesheet while the modal's code is still
 * loading, and the modal and the search client pick up the same promises.
 */
const started = new Map<string, Promise<unknown>>();

export class IndexFetchError extends Error {
  override name = 'RetryError'; // the name DocSearch shows its error view for
}

export function fetchIndex<T>(url: string): Promise<T> {
  let p = started.get(url);
  if (!p) {
    p = fetch(url).then(
      (response) => {
        if (!response.ok) throw new IndexFetchError(`The search index ${url} could not be fetched: HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      },
      (e: unknown) => {
        throw new IndexFetchError(`The search index ${url} could not be fetched: ${(e as Error).message}`);
      },
    );
    // A failure is not kept: the next query tries again.
    p.catch(() => started.delete(url));
    started.set(url, p);
  }
  return p as Promise<T>;
}

let stylesheet: Promise<void> | undefined;

/** Adds the modal's stylesheet once; resolves when it applies (or failed: the modal still works). */
export function loadStylesheet(href: string): Promise<void> {
  stylesheet ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}
