/** The document shell every page shares: <head> with metadata, then the body. */
import type { AlgoliaSettings } from '../src/shared/search/config.ts';
import type { ReactElement, ReactNode } from 'react';
import type { SiteConfig } from '../src/shared/site-config.ts';
import { headScript } from '../src/shared/inline-scripts.ts';

export interface HeadData {
  title: string;
  description: string;
  keywords: string[];
  canonical: string;
  image: string;
  noindex: boolean;
  type: 'article' | 'website';
  /** The page's Markdown copy (`/docs/x/index.md`), announced as an alternate. */
  markdown?: string;
}

export interface Assets {
  /** Stylesheets every page loads. */
  css: string[];
  /** KaTeX's stylesheet, for pages with maths. */
  katexCss: string;
  /** Module scripts every page loads in <head> (none yet). */
  scripts: string[];
  /** The islands runtime, loaded at the end of <body> by pages that have islands. */
  islandsRuntime: string;
  /** Island name → chunk URL, for the runtime (the islands manifest). */
  islands: Record<string, string>;
  /** Identifies the deploy, so the runtime reloads for missing chunks at most once per build. */
  buildId: string;
}

export interface DocumentProps {
  config: SiteConfig;
  head: HeadData;
  assets: Assets;
  extraCss?: string[];
  /** Inline scripts at the end of <body>. */
  bodyScripts?: string[];
  /** Module scripts at the end of <body> (the islands runtime on pages with islands). */
  bodyModules?: string[];
  htmlClass?: string;
  /** The page's Content-Security-Policy (its inline scripts' hashes); every page has one. */
  csp: string;
  children: ReactNode;
}

function absolute(config: SiteConfig, path: string): string {
  return /^https?:/.test(path) ? path : config.url + path;
}

/** The first host the search client will call (Algolia's read host, or the configured first). */
function searchHost(algolia: AlgoliaSettings): string {
  return algolia.hosts?.[0] ?? `https://${algolia.appId}-dsn.algolia.net`;
}

export function Document({ config, head, assets, extraCss = [], bodyScripts = [], bodyModules = [], htmlClass, csp, children }: DocumentProps): ReactElement {
  const fullTitle = `${head.title} | ${config.title}`;
  const image = absolute(config, head.image);
  return (
    <html lang="en" dir="ltr" data-theme={config.colorMode.defaultMode} data-build={assets.buildId} className={htmlClass}>
      <head>
        <meta charSet="utf-8" />
        {/* Before any script, so it governs them all. */}
        <meta httpEquiv="Content-Security-Policy" content={csp} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: headScript(config) }} />
        <title>{fullTitle}</title>
        <meta name="description" content={head.description} />
        {head.keywords.length > 0 && <meta name="keywords" content={head.keywords.join(', ')} />}
        {head.noindex && <meta name="robots" content="noindex, nofollow" />}
        <link rel="canonical" href={head.canonical} />
        {head.markdown && <link rel="alternate" type="text/markdown" href={head.markdown} />}
        <meta name="theme-color" content={config.themeColor} />
        <meta name="color-scheme" content="dark" />
        <link rel="manifest" href={`${config.basePath}manifest.webmanifest`} />
        <link rel="icon" href={`${config.basePath}favicon.svg`} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={`${config.basePath}icons/icon-192.png`} />
        <meta property="og:type" content={head.type} />
        <meta property="og:site_name" content={config.title} />
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        <meta property="og:image" content={image} />
        <meta property="og:locale" content="en_US" />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={fullTitle} />
        <meta name="twitter:description" content={head.description} />
        <meta name="twitter:image" content={image} />
        {config.search?.algolia && <link rel="preconnect" href={searchHost(config.search.algolia)} crossOrigin="anonymous" />}
        {[...assets.css, ...extraCss].map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body>
        {children}
        {bodyScripts.map((code, i) => (
          <script key={i} dangerouslySetInnerHTML={{ __html: code }} />
        ))}
        {bodyModules.length > 0 && <script type="application/json" id="islands-manifest" dangerouslySetInnerHTML={{ __html: JSON.stringify(assets.islands) }} />}
        {bodyModules.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </body>
    </html>
  );
}
