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

export function Header({ config, release }: HeaderProps): ReactElement {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner">
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
            aria-label="Search docs"
            aria-keyshortcuts="Control+K Meta+K /"
          >
            {icons.search!()}
            <span className="search-button__text">Search docs</span>
            <kbd className="search-button__keys">Ctrl K</kbd>
          </a>
          <a className="release-label" href={config.releasesUrl + release.tag_name} title={`Latest release ${release.tag_name}`}>
            {release.tag_name}
          </a>
          <a className="roadmap-link" href={config.roadmapUrl} target="_blank" rel="noopener noreferrer">
            Roadmap<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <a className="cta" href={config.contact.href}>
            {config.contact.name}
          </a>
        </div>
      </div>
    </header>
  );
}
