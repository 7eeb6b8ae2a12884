/**
 * build/sw.js: src/sw/sw.ts bundled with esbuild (workbox's precaching, routing and
 * strategies, tied to this deploy's build id), then workbox-build's injectManifest lists
 * every page and asset of the build in it for offline mode. Only for written builds.
 */
import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The module itself, not the package index: the index loads generateSW's bundler too (about 0.4 s of start-up).
import { injectManifest } from 'workbox-build/build/inject-manifest.js';
import { BASE_PATH } from '../../shared/url.ts';

/** The worker's path in the build folder. */
export const SERVICE_WORKER_FILE = 'sw.js';

const SW_SOURCE = fileURLToPath(new URL('../../sw/sw.ts', import.meta.url));

/** What offline mode precaches: pages, assets, the search index; not the upload records or mermaid's 3 MB fallback. */
const GLOB_PATTERNS = ['**/*.{html,css,js,json,svg,png,ico,woff2,webmanifest}'];
const GLOB_IGNORES = [SERVICE_WORKER_FILE, 'search/records.json', 'assets/vendor/**'];

export interface ServiceWorkerResult {
  precached: number;
  bytes: number;
  warnings: string[];
}

export async function writeServiceWorker(outDir: string, buildId: string): Promise<ServiceWorkerResult> {
  const bundled = await build({
    entryPoints: [SW_SOURCE],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    define: { BUILD_ID: JSON.stringify(buildId), 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const swPath = join(outDir, SERVICE_WORKER_FILE);
  await writeFile(swPath, bundled.outputFiles[0]!.text);
  const { count, size, warnings } = await injectManifest({
    swSrc: swPath,
    swDest: swPath,
    globDirectory: outDir,
    globPatterns: GLOB_PATTERNS,
    globIgnores: GLOB_IGNORES,
    modifyURLPrefix: { '': BASE_PATH },
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    // Hashed file names need no revision: the name changes with the content.
    dontCacheBustURLsMatching: /\.[0-9a-z]{8,}\.(js|css)$/i,
  });
  // The manifest must really be in: a worker without it would precache nothing.
  if ((await readFile(swPath, 'utf8')).includes('self.__WB_MANIFEST')) throw new Error('build/sw.js: workbox-build did not inject the precache manifest.');
  return { precached: count, bytes: size, warnings };
}
