/** The web-app manifest (installable site; spec §1). */
import type { SiteConfig } from '../../shared/site-config.ts';

export function renderManifest(config: SiteConfig): string {
  return JSON.stringify(
    {
      name: `${config.title} documentation`,
      short_name: `${config.title} Docs`,
      description: config.tagline,
      start_url: config.basePath,
      scope: config.basePath,
      display: 'standalone',
      theme_color: config.themeColor,
      background_color: config.themeColor,
      icons: [
        { src: `${config.basePath}icons/icon-192.png`, sizes: '192x192', type: 'image/png' },
        { src: `${config.basePath}icons/icon-512.png`, sizes: '512x512', type: 'image/png' },
        { src: `${config.basePath}icons/icon-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  );
}
