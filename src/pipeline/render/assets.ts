/**
 * The static assets pages refer to: the site stylesheet (one esbuild call, minified,
 * content-hashed), KaTeX's stylesheet and fonts (served by us, not a CDN), the browser
 * bundles of the islands, and mermaid's browser build for diagrams missing from the cache.
 * Returns the URLs for the templates and the files for the emit stage.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Assets } from '../../../templates/document.tsx';
import { BASE_PATH } from '../../shared/url.ts';
import type { OutputFile } from '../emit/output.ts';
import { docsearchErrorStatusPatch } from './docsearch-patch.ts';

const require = createRequire(import.meta.url);
/** The styles and islands are the project's own code, wherever the content being built lives. */
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface BuiltAssets {
  assets: Assets;
  /** Files every build emits. */
  files: OutputFile[];
  /** Files emitted only when some page uses the feature (KaTeX fonts, mermaid's 3 MB bundle). */
  featureFiles: { math: OutputFile[]; mermaidPending: OutputFile[] };
  /** The search modal's stylesheet, loaded with the modal. */
  searchCss: string;
  /** URLs of the mermaid fallback module and of mermaid's own bundle. */
  mermaid: { module: string; library: string };
}

export interface AssetOptions {
  minify?: boolean;
}

function shortHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 10);
}

/** Bundles `src/styles/<name>.css` into `assets/css/<name>.<hash>.css`. */
async function buildCss(root: string, minify: boolean, name = 'site', entry = 'index'): Promise<OutputFile> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, `src/styles/${entry}.css`)],
    bundle: true,
    minify,
    write: false,
    outdir: join(root, 'build/assets/css'),
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]!.text;
  return { path: `assets/css/${name}.${shortHash(text)}.css`, contents: text };
}

/** KaTeX's CSS and fonts, copied as they are into a versioned folder. */
function katexFiles(): { cssUrl: string; files: OutputFile[] } {
  const dist = join(dirname(require.resolve('katex/package.json')), 'dist');
  const version = (require('katex/package.json') as { version: string }).version;
  const dir = `assets/katex-${version}`;
  const files: OutputFile[] = [{ path: `${dir}/katex.min.css`, copyFrom: join(dist, 'katex.min.css') }];
  for (const font of readdirSync(join(dist, 'fonts'))) {
    if (font.endsWith('.woff2') || font.endsWith('.woff')) files.push({ path: `${dir}/fonts/${font}`, copyFrom: join(dist, 'fonts', font) });
  }
  return { cssUrl: `${BASE_PATH}${dir}/katex.min.css`, files };
}

/** The islands the runtime loads by name (src/islands/<name>.ts, each with a default export). */
export const ISLANDS = ['tabs', 'code-block', 'copy-page', 'toc', 'sidebar', 'product-menu', 'heading-links', 'search', 'search-page', 'mobile-menu', 'announcement', 'navigation', 'service-worker'] as const;

/** Bundles the browser islands in one esbuild call (ESM, code splitting, hashed names). */
async function buildIslands(root: string, minify: boolean, entries: Record<string, string>): Promise<{ files: OutputFile[]; urls: Record<string, string> }> {
  if (Object.keys(entries).length === 0) return { files: [], urls: {} };
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(entries).map(([out, path]) => ({ in: './' + path, out })),
    bundle: true,
    format: 'esm',
    splitting: true,
    minify,
    target: 'es2020',
    platform: 'browser',
    write: false,
    metafile: true,
    outdir: 'build/assets/js',
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    // The search modal is DocSearch's React component; preact/compat runs it at a fraction of React's size.
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
    jsx: 'automatic',
    jsxImportSource: 'preact',
    plugins: [docsearchErrorStatusPatch],
    logLevel: 'silent',
  });
  const buildDir = join(root, 'build');
  const files: OutputFile[] = result.outputFiles.map((f) => ({ path: relative(buildDir, f.path), contents: f.text }));
  // The metafile maps each entry point (relative to root) to its hashed output file.
  const urls: Record<string, string> = {};
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const name = Object.entries(entries).find(([, path]) => path === meta.entryPoint)?.[0];
    if (name) urls[name] = BASE_PATH + out.slice('build/'.length);
  }
  return { files, urls };
}

/** Builds every asset; the returned files are written by the emit stage. */
export async function buildAssets(options: AssetOptions): Promise<BuiltAssets> {
  const root = PROJECT_ROOT;
  const minify = options.minify ?? true;
  const islandEntries: Record<string, string> = { runtime: 'src/islands/runtime.ts', 'mermaid-fallback': 'src/islands/mermaid-fallback.ts' };
  for (const name of ISLANDS) islandEntries[name] = `src/islands/${name}.ts`;
  const [css, searchCss, islands] = await Promise.all([buildCss(root, minify), buildCss(root, minify, 'search', 'search'), buildIslands(root, minify, islandEntries)]);
  const katex = katexFiles();
  const version = (require('mermaid/package.json') as { version: string }).version;
  const libPath = `assets/vendor/mermaid-${version}.min.js`;
  return {
    assets: {
      css: [BASE_PATH + css.path],
      katexCss: katex.cssUrl,
      scripts: [],
      islandsRuntime: islands.urls.runtime!,
      islands: Object.fromEntries(ISLANDS.map((name) => [name, islands.urls[name]!])),
      // Changes whenever any asset does: the runtime reloads a page for missing chunks once per build.
      buildId: shortHash([css.path, searchCss.path, ...Object.values(islands.urls)].join('|')),
    },
    files: [css, searchCss, ...islands.files],
    searchCss: BASE_PATH + searchCss.path,
    featureFiles: { math: katex.files, mermaidPending: [{ path: libPath, copyFrom: require.resolve('mermaid/dist/mermaid.min.js') }] },
    mermaid: { module: islands.urls['mermaid-fallback']!, library: BASE_PATH + libPath },
  };
}
