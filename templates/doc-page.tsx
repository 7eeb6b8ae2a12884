/** The layout of a documentation page: header, sidebar, article, table of contents, footer. */
import type { ReactElement, ReactNode } from 'react';
import type { SiteConfig } from '../src/shared/site-config.ts';
import type { ReleaseData, TocEntry } from '../src/shared/types.ts';
import type { NavLinkTo } from '../src/shared/navigation-types.ts';
import { Header } from '../src/components/Header.tsx';
import { Footer } from '../src/components/Footer.tsx';
import { Toc } from '../src/components/Toc.tsx';
import { Breadcrumbs, PrevNext } from '../src/components/PageNav.tsx';
import { Announcement } from '../src/components/Announcement.tsx';
import { icons } from '../src/components/icons.tsx';
import { PageActions } from '../src/components/PageActions.tsx';

export interface DocPageProps {
  config: SiteConfig;
  release: ReleaseData;
  route: string;
  title: string;
  toc: TocEntry[];
  hideToc: boolean;
  breadcrumbs: string[];
  previous?: NavLinkTo;
  next?: NavLinkTo;
  editUrl: string;
  /** The page's Markdown copy, root-relative (`/docs/x/index.md`). */
  markdownUrl: string;
  children: ReactNode;
}

export function DocPage(props: DocPageProps): ReactElement {
  const { config, toc } = props;
  const showToc = !props.hideToc && toc.length > 0;
  return (
    <>
      <Announcement config={config} />
      <Header config={config} release={props.release} />
      <div className="layout" data-island="navigation" data-wake="idle">
        {/* A checkbox, so the menu opens without JavaScript; its label is the visible button. */}
        <input type="checkbox" id="docs-nav-toggle" className="docs-nav-toggle" />
        <label htmlFor="docs-nav-toggle" className="docs-nav-toggle__label">
          {icons.menu!()} Docs menu
        </label>
        <aside className="layout__sidebar">
          {/* The sidebar HTML is spliced in here after rendering (render/sidebar-html.ts). */}
          <div data-raw-slot="sidebar" />
        </aside>
        <main id="main" className="layout__main">
          <article className="doc">
            <Breadcrumbs trail={props.breadcrumbs} title={props.title} />
            <div className="doc__header">
              <h1 className="doc__title">{props.title}</h1>
              <PageActions markdownUrl={props.markdownUrl} absoluteMarkdownUrl={config.url + props.markdownUrl} />
            </div>
            {showToc && (
              <details className="toc-mobile">
                <summary>On this page</summary>
                <Toc entries={toc} id="toc-mobile" />
              </details>
            )}
            <div className="markdown" data-island="heading-links" data-wake="interaction">
              {props.children}
            </div>
            <footer className="doc__footer">
              <a className="edit-link" href={props.editUrl}>
                {icons.edit!()} Edit this page
              </a>
            </footer>
            <PrevNext previous={props.previous} next={props.next} />
          </article>
          {showToc && (
            <nav className="toc" aria-labelledby="toc-title" data-island="toc" data-wake="idle">
              <p className="toc__title" id="toc-title">
                On this page
              </p>
              <Toc entries={toc} id="toc-desktop" />
            </nav>
          )}
        </main>
      </div>
      <Footer config={config} />
    </>
  );
}
