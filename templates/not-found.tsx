/** The not-found page (build/404.html): a way back and a search box that works without JavaScript. */
import type { ReactElement } from 'react';
import type { SiteConfig } from '../src/shared/site-config.ts';
import type { ReleaseData } from '../src/shared/types.ts';
import { Header } from '../src/components/Header.tsx';
import { Footer } from '../src/components/Footer.tsx';
import { Announcement } from '../src/components/Announcement.tsx';

export function NotFoundPage({ config, release }: { config: SiteConfig; release: ReleaseData }): ReactElement {
  return (
    <>
      <Announcement config={config} />
      <Header config={config} release={release} />
      <main id="main" className="not-found">
        <h1>Page not found</h1>
        <p>We could not find the page you asked for. It may have moved, or the link may have a typo.</p>
        <form className="not-found__search" action={`${config.basePath}search/`} method="get" role="search">
          <label htmlFor="not-found-q">Search the docs</label>
          <div className="search-row">
            <input id="not-found-q" name="q" type="search" maxLength={64} placeholder="Search docs" />
            <button type="submit">Search</button>
          </div>
        </form>
        <p>
          <a href={config.basePath}>Go to the documentation home</a>
        </p>
      </main>
      <Footer config={config} />
    </>
  );
}
