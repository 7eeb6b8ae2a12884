/** The render context every page of a build shares, and the site's search settings in it. */
import { siteConfig } from '../../shared/site-config.ts';
import type { LoadedSite } from '../load/index.ts';
import type { Navigation } from '../site/index.ts';
import type { BuiltAssets } from '../render/assets.ts';
import type { RenderContext } from '../render/render-page.tsx';
import { renderSidebarBase } from '../render/sidebar-html.ts';
import { searchSettings } from '../search/settings.ts';

/**
 * The render context every page of a build shares (watch mode passes the sidebar it keeps
 * between edits). Throws SearchConfigError when Algolia is half configured.
 */
export function renderContext(site: LoadedSite, navigation: Navigation, assets: BuiltAssets, devScript?: string, sidebarHtml = renderSidebarBase(navigation.sidebar)): RenderContext {
  const indexed = site.pages.filter((p) => !p.frontMatter.noindex && !p.hidden).length;
  const config = { ...siteConfig, search: searchSettings(process.env, assets.searchCss, siteConfig.docsRepository, indexed) };
  return { config, release: site.release, sidebar: navigation.sidebar, sidebarHtml, assets: assets.assets, devScript, mermaid: assets.mermaid };
}
