/**
 * build/sw.js: src/sw/sw.ts bundled with esbuild (workbox's precaching, routing and
 * strategies, tied to this deploy's build id), then workbox-build's injectManifest lists
 * every page and asset of the build in it for offline mode. Only for written builds.
 */
import { build } from 'esbuild';
import { writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import picomatch from 'picomatch';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The module itself, not the package index: the index loads generateSW's bundler too (about 0.4 s of start-up).
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

/** The placeholder workbox-precaching's `precacheAndRoute(self.__WB_MANIFEST)` leaves for the manifest. */
const INJECTION_POINT = 'self.__WB_MANIFEST';

/**
 * Writes build/sw.js with its precache manifest. The manifest is made with workbox-build's
 * own transforms (size limit and its warning, URL prefix, no revision for hashed names) from
 * file details made here (workbox-build's glob read every file back to hash it, 2 s of a
 * 10,000-page build), then put in place of the injection point as injectManifest does (its
 * entries as JSON with sorted keys), without injectManifest itself: it validated its options
 * with ajv on every build and wrote the file twice (0.1 s with its loading).
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
  const manifest = await transformManifest({
    fileDetails: fileDetails(outDir, files, digests),
    maximumFileSizeToCacheInBytes: MAXIMUM_FILE_SIZE,
    modifyURLPrefix: { '': BASE_PATH },
    dontCacheBustURLsMatching: HASHED_NAME,
  });
  const source = bundled.outputFiles[0]!.text;
  // The manifest must really be in, once: a worker without it would precache nothing.
  const at = source.indexOf(INJECTION_POINT);
  if (at < 0 || source.indexOf(INJECTION_POINT, at + 1) >= 0) throw new Error(`build/sw.js: the worker must hold ${INJECTION_POINT} exactly once, for the precache manifest.`);
  const entries = manifest.manifestEntries.map((entry) => Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1))));
  await writeFile(join(outDir, SERVICE_WORKER_FILE), source.slice(0, at) + JSON.stringify(entries) + source.slice(at + INJECTION_POINT.length));
  return { precached: manifest.count, bytes: manifest.size, warnings: manifest.warnings };
}
