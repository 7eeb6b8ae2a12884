/**
 * The search results page (build/search/index.html, `/docs/search/?q=`). With JavaScript
 * it lists every hit of the query (the search-page island); without, its form and the
 * list of all pages by section still lead readers where they want to go.
 */
import type { ReactElement } from 'react';
import type { SiteConfig } from '../src/shared/site-config.ts';
import type { ReleaseData } from '../src/shared/types.ts';
import { SEARCH_MAX_LENGTH, SEARCH_PLACEHOLDER } from '../src/shared/search/config.ts';
import { Header } from '../src/components/Header.tsx';
import { Announcement } from '../src/components/Announcement.tsx';
import { Footer } from '../src/components/Footer.tsx';

import type { PageListSection } from '../src/shared/navigation-types.ts';

export function SearchPage({ config, release, sections }: { config: SiteConfig; release: ReleaseData; sections: PageListSection[] }): ReactElement {
  return (
    <>
      <Announcement config={config} />
      <Header config={config} release={release} />
      <main id="main" className="search-page" data-island="search-page" data-wake="load" data-search={JSON.stringify(config.search ?? {})}>
        <h1>Search the documentation</h1>
        <form className="search-page__form" action={`${config.basePath}search/`} method="get" role="search">
          <label htmlFor="search-page-q" className="visually-hidden">
            {SEARCH_PLACEHOLDER}
          </label>
          <div className="search-row">
            <input id="search-page-q" name="q" type="search" maxLength={SEARCH_MAX_LENGTH} placeholder={SEARCH_PLACEHOLDER} autoComplete="off" spellCheck={false} />
            <button type="submit">Search</button>
          </div>
        </form>
        <div className="search-page__status" role="status" aria-live="polite" />
        <ol className="search-page__results" />
        <section className="search-page__all" aria-labelledby="all-pages">
          <h2 id="all-pages">All pages</h2>
          {sections.map((section) => (
            <div key={section.label} className="search-page__section">
              <h3>{section.label}</h3>
              <ul>
                {section.pages.map((p) => (
                  <li key={p.route}>
                    <a href={p.route}>{p.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      </main>
      <Footer config={config} />
    </>
  );
}
