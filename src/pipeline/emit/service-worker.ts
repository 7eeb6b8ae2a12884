/**
 * build/sw.js: src/sw/sw.ts bundled with esbuild (workbox's precaching, routing and
 * strategies, tied to this deploy's build id), then workbox-build's injectManifest lists
 * every page and asset of the build in it for offline mode. Only for written builds.
 */
import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import picomatch from 'picomatch';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The module itself, not the package index: the index loads generateSW's bundler too (about 0.4 s of start-up).
import { injectManifest } from 'workbox-build/build/inject-manifest.js';
import { transformManifest } from 'workbox-build/build/lib/transform-manifest.js';
import type { FileDetails } from 'workbox-build';
import type { FileDigest } from './output.ts';
import { revisionOf } from './write-output.ts';
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

const MAXIMUM_FILE_SIZE = 4 * 1024 * 1024;
/** Hashed file names need no revision: the name changes with the content. */
const HASHED_NAME = /\.[0-9a-z]{8,}\.(js|css)$/i;

/** fast-glob's reading of GLOB_PATTERNS and GLOB_IGNORES (no dot files, none under a dot folder). */
const selected = picomatch(GLOB_PATTERNS, { dot: false, ignore: GLOB_IGNORES });

/**
 * Each precached file's size and revision: from `digests` (taken as the build wrote the
 * files) where it has them, else read and hashed here (public files, pieces). `files` are the
 * folder's files, which by now are only this build's (output-folder.ts), so a digest is of the
 * bytes there; they are taken from what the build wrote, as globbing the folder walked 10,000
 * folders again.
 */
function fileDetails(outDir: string, files: Iterable<string>, digests: ReadonlyMap<string, FileDigest>): FileDetails[] {
  return [...files]
    .filter((file) => selected(file))
    .sort()
    .map((file) => {
      const known = digests.get(file);
      if (known) return { file, hash: known.revision, size: known.size };
      const bytes = readFileSync(join(outDir, file));
      return { file, hash: revisionOf(bytes), size: bytes.byteLength };
    });
}

/**
 * Writes build/sw.js with its precache manifest. The manifest is made with workbox-build's
 * own transforms (size limit and its warning, URL prefix, no revision for hashed names) from
 * file details made here, then injected by injectManifest, which is given no glob of its own:
 * its glob read every file back to hash it, 2 s of a 10,000-page build.
 */
export async function writeServiceWorker(outDir: string, buildId: string, files: Iterable<string>, digests: ReadonlyMap<string, FileDigest> = new Map()): Promise<ServiceWorkerResult> {
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
  const manifest = await transformManifest({
    fileDetails: fileDetails(outDir, files, digests),
    maximumFileSizeToCacheInBytes: MAXIMUM_FILE_SIZE,
    modifyURLPrefix: { '': BASE_PATH },
    dontCacheBustURLsMatching: HASHED_NAME,
  });
  const injected = await injectManifest({ swSrc: swPath, swDest: swPath, globDirectory: outDir, globPatterns: [], additionalManifestEntries: manifest.manifestEntries });
  // The manifest must really be in: a worker without it would precache nothing.
  if ((await readFile(swPath, 'utf8')).includes('self.__WB_MANIFEST')) throw new Error('build/sw.js: workbox-build did not inject the precache manifest.');
  return { precached: manifest.count, bytes: manifest.size, warnings: [...manifest.warnings, ...injected.warnings] };
}
