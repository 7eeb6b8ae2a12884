/**
 * The offline page (build/offline/index.html): the service worker answers with it when the
 * network is down and the page asked for is not saved on this device. The worker puts the
 * saved pages into its list (src/sw/offline-pages.ts); the search form leads to the results
 * page, which works offline once saved (always in offline mode).
 */
import type { ReactElement } from 'react';
import type { SiteConfig } from '../src/shared/site-config.ts';
import type { ReleaseData } from '../src/shared/types.ts';
import { Header } from '../src/components/Header.tsx';
import { Footer } from '../src/components/Footer.tsx';

/** The list the service worker fills; its one item stays when nothing is saved. */
export const OFFLINE_PAGES_MARK = 'data-offline-pages';

export function OfflinePage({ config, release }: { config: SiteConfig; release: ReleaseData }): ReactElement {
  return (
    <>
      <Header config={config} release={release} />
      <main id="main" className="not-found offline">
        <h1>You are offline</h1>
        <p>This page is not saved on this device, and the network cannot be reached. Try again when you are back online, or read a page saved here.</p>
        <h2 id="offline-saved">Saved on this device</h2>
        <ul className="offline__pages" aria-labelledby="offline-saved" {...{ [OFFLINE_PAGES_MARK]: '' }}>
          <li>No page is saved yet: the pages you read online are kept for offline reading.</li>
        </ul>
        <form className="not-found__search" action={`${config.basePath}search/`} method="get" role="search">
          <label htmlFor="offline-q">Search the docs</label>
          <div className="search-row">
            <input id="offline-q" name="q" type="search" maxLength={64} placeholder="Search docs" />
            <button type="submit">Search</button>
          </div>
        </form>
        <p>
          <a href={`${config.basePath}search/`}>Open the search page</a> · <a href={config.basePath}>Go to the documentation home</a>
        </p>
      </main>
      <Footer config={config} />
    </>
  );
}
