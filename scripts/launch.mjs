#!/usr/bin/env node
// Runs a build script from a bundle of the pipeline instead of through tsx.
// Usage: node scripts/launch.mjs build [build.ts's arguments]
//        node scripts/launch.mjs mcp [src/mcp/main.ts's arguments] (the MCP server: its start-up is mostly module loading)
//
// Why: loading some 150 TypeScript modules through tsx's loader costs every build about
// 0.3 s before any work starts (the loader transpiles and resolves each import on its own
// thread), and each page-pool worker pays it again. esbuild bundles the pipeline's own code
// (packages stay outside) in about 0.1 s, once per version of the code: the bundle lives in
// node_modules/.cache/questdb-docs/code/<hash of the code>/ and is made again only when a
// source file, the lockfile or this launcher changes. Only the build tool's own code goes
// there; nothing from content/ is ever written outside build/. The bundle is not minified, so
// a stack trace still names our functions; no source map (enabling them cost every start 40 ms).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import fg from 'fast-glob';

// When the launcher's own code starts (after node's start and its imports): the bench's breakdown.
process.env.QDB_LAUNCHED_AT = String(performance.timeOrigin + performance.now());
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = { build: 'scripts/build.ts', mcp: 'src/mcp/main.ts' };
/** Worker files the pipeline starts by URL; each is bundled too, and its URL given to the code that starts it. */
const WORKERS = { 'page-worker': 'src/pipeline/page/page-worker.ts', 'llms-worker': 'src/pipeline/markdown/llms-worker.ts' };
/** Everything the bundle is made from; the page cache's code version (site-key.ts) reads the same list. */
const CODE_FILES = JSON.parse(readFileSync(join(ROOT, 'scripts/code-files.json'), 'utf8'));

const name = process.argv[2];
if (!(name in ENTRIES)) {
  console.error(`usage: node scripts/launch.mjs <${Object.keys(ENTRIES).join('|')}> [arguments]`);
  process.exit(2);
}
// React picks its production build when first loaded; the bundle's imports of packages run
// before any of its own code, so this cannot wait for scripts/production-env.ts.
process.env.NODE_ENV ??= 'production';

function codeHash() {
  // The bundle names files by their absolute paths (its own modules' URLs, CommonJS packages).
  const hash = createHash('sha256').update(process.version).update('\0').update(ROOT).update('\0');
  for (const f of fg.sync(CODE_FILES, { cwd: ROOT, dot: false, followSymbolicLinks: false, onlyFiles: true }).sort()) {
    hash.update(f).update('\0').update(readFileSync(join(ROOT, f))).update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

/** Replaces `import.meta.url` in the pipeline's files with their own URL, so paths they resolve from it stay right. */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (relative(ROOT, args.path).startsWith('node_modules')) return undefined;
      const text = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents: text, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Packages written as ES modules are bundled in; CommonJS ones stay where npm installed them.
 * The unified family (micromark, mdast, hast, unist, vfile...) is hundreds of small ES modules,
 * and Node's loader spent ~0.15 s resolving and linking them each time the page pipeline was
 * imported (by every build that compiles a page, and by each pool worker). A CommonJS package
 * may read files beside it (workbox-build's templates, piscina's worker), so it is imported
 * from its own folder, by the path esbuild resolved (a nested copy stays the one its importer
 * gets).
 */
const bundleEsmPackages = {
  name: 'bundle-esm-packages',
  setup(build) {
    const esm = new Map();
    const isEsmPackage = (file) => {
      const at = file.lastIndexOf('/node_modules/');
      if (at < 0) return false;
      const rest = file.slice(at + '/node_modules/'.length).split('/');
      const dir = file.slice(0, at + '/node_modules/'.length) + rest.slice(0, rest[0].startsWith('@') ? 2 : 1).join('/');
      if (!esm.has(dir)) {
        let type;
        try {
          type = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).type;
        } catch {
          type = undefined;
        }
        esm.set(dir, type === 'module');
      }
      return esm.get(dir);
    };
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' });
      if (found.errors.length > 0 || found.external || !found.path.includes('/node_modules/')) return found.errors.length > 0 ? undefined : found;
      return isEsmPackage(found.path) ? { path: found.path } : { path: found.path, external: true };
    });
  },
};

async function makeBundle(dir) {
  const { build } = await import('esbuild');
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const define = {};
  for (const worker of Object.keys(WORKERS)) define[`BUNDLED_${worker.replace('-', '_').toUpperCase()}`] = JSON.stringify(pathToFileURL(join(dir, `${worker}.js`)).href);
  await build({
    absWorkingDir: ROOT,
    entryPoints: { ...ENTRIES, ...WORKERS },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    jsx: 'automatic',
    define,
    plugins: [bundleEsmPackages, keepModuleUrls],
    logLevel: 'warning',
  });
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another build made it first
  }
}

/** The bundle's folder, made when missing; undefined when it cannot be made (say, a read-only node_modules). */
async function bundleDir() {
  const cache = join(ROOT, 'node_modules/.cache/questdb-docs/code');
  const hash = codeHash();
  const dir = join(cache, hash);
  if (existsSync(join(dir, `${name}.js`))) return dir;
  try {
    mkdirSync(cache, { recursive: true });
    await makeBundle(dir);
    // Bundles of older code are never used again.
    for (const old of readdirSync(cache)) if (old !== hash && !old.includes('.tmp-')) rmSync(join(cache, old), { recursive: true, force: true });
    return dir;
  } catch (e) {
    console.error(`note: the build's bundle could not be made (${e instanceof Error ? e.message : e}); running the sources through tsx instead.`);
    return undefined;
  }
}

/**
 * V8 flags for builds that use the page pool. With two page workers busy on two cores, V8's
 * concurrent marking only competes with them for a core; a build in one thread gains from it
 * (a 5 MB page peaked at 1.2 GB with it, 1.56 GB without). A build that will use the pool gets
 * them: the page count is guessed as the pool does (POOL_MIN_PAGES in
 * src/pipeline/page/page-pool.ts, or --jobs), and a wrong guess only costs speed or memory,
 * never different output. They are set in this process before any build code runs and before
 * any worker starts, instead of starting node again with them (its start-up cost every large
 * build ~0.1 s): 10,000 pages built in the same time and memory either way (32.1-32.2 s, 725-739
 * MB; without the flag 34.5-35.4 s). QDB_V8_FLAGS tells the build's stats which were set.
 */
const POOL_FLAGS = ['--no-concurrent-marking'];
const POOL_MIN_PAGES = 400;

function usesPool(args) {
  const at = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const jobs = at('--jobs');
  if (jobs !== undefined) return Number(jobs) > 1;
  const docs = join(at('--root') ?? '.', 'content/docs');
  return fg.sync('**/*.{md,mdx}', { cwd: docs, followSymbolicLinks: false }).length >= POOL_MIN_PAGES;
}

delete process.env.QDB_V8_FLAGS;
if (name === 'build' && usesPool(process.argv.slice(3))) {
  const missing = POOL_FLAGS.filter((f) => !process.execArgv.includes(f));
  if (missing.length > 0) {
    setFlagsFromString(missing.join(' '));
    process.env.QDB_V8_FLAGS = missing.join(' ');
  }
}

const dir = await bundleDir();
process.argv.splice(2, 1);
if (dir) {
  await import(pathToFileURL(join(dir, `${name}.js`)).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, ENTRIES[name])).href);
}
