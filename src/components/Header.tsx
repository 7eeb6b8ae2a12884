/**
 * The marketing header, rendered as static markup. It works without JavaScript: the
 * product menu opens with CSS (:hover, :focus-within) and the search button is a link to
 * the results page; the islands of the chrome issue make both richer.
 */
import type { ReactElement } from 'react';
import type { SiteConfig } from '../shared/site-config.ts';
import type { ReleaseData } from '../shared/types.ts';
import { icons, Logo } from './icons.tsx';

export interface HeaderProps {
  config: SiteConfig;
  release: ReleaseData;
}

export function ProductMenu({ config }: { config: SiteConfig }): ReactElement {
  return (
    <div className="product-menu" data-island="product-menu" data-wake="idle">
      <button type="button" className="product-menu__button" aria-expanded="false" aria-controls="product-menu-panel">
        Product {icons.chevron!()}
      </button>
      <div className="product-menu__panel" id="product-menu-panel">
        <ul className="product-menu__cards">
          {config.productMenu.cards.map((card) => (
            <li key={card.href}>
              <a className="menu-card" href={card.href}>
                <span className="menu-card__icon">{icons[card.icon]!()}</span>
                <span className="menu-card__name">{card.name}</span>
                <span className="menu-card__description">{card.description}</span>
              </a>
            </li>
          ))}
        </ul>
        <ul className="product-menu__quick">
          {config.productMenu.quickLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.name}</a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * The mobile menu (at or below 996 px). A checkbox opens and closes it without
 * JavaScript (its labels are the visible opener and closer); the mobile-menu island swaps
 * the labels for real buttons (`aria-expanded`, `aria-controls`) and adds Escape, closing
 * when the window grows past 996 px and focus handling. It is the site's menu: the docs
 * tree has its own "Docs menu" button on docs pages, so one button opens one thing.
 */
export function MobileMenu({ config, release }: HeaderProps): ReactElement {
  const compare = config.productMenu.cards.filter((c) => c.icon !== 'chart');
  return (
    <div className="mobile-menu" data-island="mobile-menu" data-wake="load">
      <input type="checkbox" id="mobile-menu-toggle" className="mobile-menu__toggle" aria-label="Menu" aria-controls="mobile-menu" />
      <label htmlFor="mobile-menu-toggle" className="mobile-menu__open" title="Open the menu">
        {icons.menu!()}
        <span className="visually-hidden">Open the menu</span>
      </label>
      <div className="mobile-menu__panel" id="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu">
        <div className="mobile-menu__top">
          <a className="brand" href="/" aria-label="QuestDB home">
            <Logo />
            <span className="brand__name">QuestDB</span>
          </a>
          <label htmlFor="mobile-menu-toggle" className="mobile-menu__close" title="Close the menu">
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close the menu</span>
          </label>
        </div>
        <nav className="mobile-menu__nav" aria-label="Mobile">
          <ul className="mobile-menu__links">
            {config.nav
              .filter((l) => l.name !== 'Home')
              .map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.name}</a>
                </li>
              ))}
            <li>
              <a href={config.contact.href}>{config.contact.name}</a>
            </li>
          </ul>
          <p className="mobile-menu__heading">Compare</p>
          <ul className="mobile-menu__links">
            {compare.map((card) => (
              <li key={card.href}>
                <a href={card.href}>{card.name}</a>
              </li>
            ))}
          </ul>
          <p className="mobile-menu__heading">QuestDB</p>
          <ul className="mobile-menu__links">
            <li>
              <ReleaseLabel config={config} release={release} spelledOut />
            </li>
            <li>
              <a href={config.roadmapUrl} target="_blank" rel="noopener noreferrer">
                Roadmap<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
          <a className="mobile-menu__home" href="/">
            ← Return to homepage
          </a>
        </nav>
      </div>
    </div>
  );
}

/** The latest release's tag, linking to its page on the code host (header and mobile menu). */
function ReleaseLabel({ config, release, spelledOut }: HeaderProps & { spelledOut?: boolean }): ReactElement {
  const href = config.releasesUrl + release.tag_name;
  if (spelledOut) return <a href={href}>Latest release {release.tag_name}</a>;
  return (
    <a className="release-label" href={href} title={`Latest release ${release.tag_name}`}>
      {release.tag_name}
    </a>
  );
}

/** The project board, in a new tab (header and mobile menu). */
function RoadmapLink({ config }: { config: SiteConfig }): ReactElement {
  return (
    <a className="roadmap-link" href={config.roadmapUrl} target="_blank" rel="noopener noreferrer">
      Roadmap<span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function Header({ config, release }: HeaderProps): ReactElement {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner">
        <MobileMenu config={config} release={release} />
        <a className="brand" href="/" aria-label="QuestDB home">
          <Logo />
          <span className="brand__name">QuestDB</span>
        </a>
        <nav className="site-nav" aria-label="Main">
          <ProductMenu config={config} />
          <ul className="site-nav__links">
            {config.nav
              .filter((l) => l.name !== 'Home')
              .map((link) => (
                <li key={link.href}>
                  <a href={link.href} aria-current={link.href === config.basePath ? 'page' : undefined}>
                    {link.name}
                  </a>
                </li>
              ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <a
            className="search-button"
            href={`${config.basePath}search/`}
            data-island="search"
            data-wake="load"
            data-search={config.search ? JSON.stringify(config.search) : undefined}
            aria-keyshortcuts="Control+K Meta+K /"
          >
            {icons.search!()}
            <span className="search-button__text">Search docs</span>
            {/* "Ctrl K", or "⌘ K" where the head script marked <html> as Apple's, before paint. */}
            <kbd className="search-button__keys" aria-hidden="true">
              <span className="keys-other">Ctrl K</span>
              <span className="keys-apple">⌘ K</span>
            </kbd>
          </a>
          <ReleaseLabel config={config} release={release} />
          <RoadmapLink config={config} />
          <a className="cta" href={config.contact.href}>
            {config.contact.name}
          </a>
        </div>
      </div>
    </header>
  );
}
