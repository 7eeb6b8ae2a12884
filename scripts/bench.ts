#!/usr/bin/env tsx
// Prints the build's speed and the pages' weight, as medians of several runs:
//   - the real site's `npm run build` as typed, from a shell (the headline, with where its time goes);
//   - cold full build of the real site: wall time, pages/s, peak memory (a fresh process each run);
//   - the same for synthetic sites of 300 and N pages (default 1000), to show how time grows;
//   - watch mode: time to serve the first page after start, and from saving a page to its new HTML;
//   - gzip bytes of HTML, CSS and JS loaded by three reference pages;
//   - the files for machines: llms.txt, llms-full.txt, the largest per-section llms-full.txt;
//   - search: bytes the first query downloads, modal open → first results, query latency p50/p95;
//   - budgets: JS/CSS gzip before interaction, layout shift, Lighthouse mobile scores.
//   - synthetic sites of 300, 1,000 and N pages, and two big pages (5 MB of prose, a 20,000-row table);
//   - `--jobs N` is passed to every build (default: the build's own choice); `--builds-only` skips watch, weight, search, budgets.
//   - each site's warm-cache builds (`--cache`): nothing changed, one page changed; `--no-cache` skips them.
//   - `--search-only`: one build of the real site, then only its search figures (bytes, latency, the engines side by side).
// Usage: npm run bench [-- --runs 3] [-- --pages 1000] [-- --no-synthetic] [-- --jobs N] [-- --builds-only] [-- --search-only]
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { writeBigPageSite, writeSyntheticSite } from './bench/synthetic-site.ts';
import { benchSearch, firstQueryBytes } from './bench/search.ts';
import { benchSearchCompare } from './bench/search-compare.ts';
import { benchBudgets } from './bench/budgets.ts';
import { benchMachineFiles } from './bench/llms.ts';
import { benchPrecache } from './bench/precache.ts';
import { benchMcp } from './bench/mcp.ts';
import { median } from './bench/stats.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = num('--runs', 3);
/** The flags `npm run build` and `npm start` give node (package.json), so the bench measures the same thing. */
const NODE_FLAGS = ['--max-semi-space-size=32'];
const PAGES = num('--pages', 1000);
const JOBS = args.includes('--jobs') ? ['--jobs', String(num('--jobs', 1))] : [];
const BUILDS_ONLY = args.includes('--builds-only');
const NO_CACHE = args.includes('--no-cache');
const SEARCH_ONLY = args.includes('--search-only');

const fmt = (xs: number[], unit: string, digits = 0) => `${median(xs).toFixed(digits)} ${unit} (runs: ${xs.map((x) => x.toFixed(digits)).join(', ')})`;

interface BuildStats {
  wallMs: number;
  pages: number;
  maxRssMb: number;
}

function coldBuild(root: string, out: string, extra: string[] = []): BuildStats {
  const start = performance.now();
  const r = spawnSync(process.execPath, [...NODE_FLAGS, join(ROOT, 'scripts/launch.mjs'), 'build', '--root', root, '--out', out, '--quiet', ...JOBS, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, BUILD_STATS_JSON: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - start;
  const line = r.stdout.split('\n').find((l) => l.startsWith('BUILD_STATS '));
  if (!line) throw new Error(`build of ${root} printed no stats:\n${r.stdout}\n${r.stderr}`);
  const stats = JSON.parse(line.slice('BUILD_STATS '.length)) as { pages: number; maxRssKb: number };
  return { wallMs, pages: stats.pages, maxRssMb: stats.maxRssKb / 1024 };
}

/** The build's wall-clock marks (scripts/build.ts, BUILD_STATS `clock`), ms since the epoch. */
interface BuildClock {
  processStart: number;
  launched?: number;
  started: number;
  ended: number;
}

interface TypedBuild {
  wallMs: number;
  /** Where the time went: shell and npm until node starts, node until the launcher runs, launcher until the build starts, the build, and exit. */
  parts: { npm: number; node: number; launcher: number; build: number; exit: number };
}

/**
 * `npm run build` as a reader of the README types it, from a shell: sh, npm's own start-up,
 * the node process npm starts, the launcher and the build, until the shell returns. Only the
 * folders differ (`-- --root … --out …`), so the bench never writes over the working tree.
 */
function typedBuild(root: string, out: string): TypedBuild {
  const start = performance.timeOrigin + performance.now();
  const r = spawnSync('/bin/sh', ['-c', `npm run build -- --root '${root}' --out '${out}'`], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BUILD_STATS_JSON: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const end = performance.timeOrigin + performance.now();
  const line = r.stdout.split('\n').find((l) => l.startsWith('BUILD_STATS '));
  if (!line) throw new Error(`npm run build printed no stats:\n${r.stdout}\n${r.stderr}`);
  const c = (JSON.parse(line.slice('BUILD_STATS '.length)) as { clock: BuildClock }).clock;
  const launched = c.launched ?? c.processStart;
  return {
    wallMs: end - start,
    parts: { npm: c.processStart - start, node: launched - c.processStart, launcher: c.started - launched, build: c.ended - c.started, exit: end - c.ended },
  };
}

function benchBuild(label: string, root: string, typed = false): void {
  const runs: BuildStats[] = [];
  const typedRuns: TypedBuild[] = [];
  const out = join(tmpdir(), `qdb-bench-out-${process.pid}`);
  // Alternated with the direct runs, so both see the same load on the machine.
  for (let i = 0; i < RUNS; i++) {
    if (typed) typedRuns.push(typedBuild(root, out));
    runs.push(coldBuild(root, out));
  }
  const pages = runs[0]!.pages;
  console.log(`\n${label}: ${pages} pages`);
  if (typed) {
    const part = (k: keyof TypedBuild['parts']) => (median(typedRuns.map((r) => r.parts[k])) / 1000).toFixed(2);
    console.log(`  npm run build, as typed (shell to exit):  ${fmt(typedRuns.map((r) => r.wallMs / 1000), 's', 2)}; goal ≤ 3.5 s`);
    console.log(`    where it goes (medians): sh and npm until node starts ${part('npm')} s, node start and imports ${part('node')} s, launcher ${part('launcher')} s, build ${part('build')} s, exit and npm's end ${part('exit')} s`);
  }
  console.log(`  cold build (wall, incl. process start): ${fmt(runs.map((r) => r.wallMs / 1000), 's', 2)}`);
  console.log(`  pages per second:                       ${fmt(runs.map((r) => pages / (r.wallMs / 1000)), 'pages/s')}`);
  console.log(`  peak memory (max RSS):                  ${fmt(runs.map((r) => r.maxRssMb), 'MB')}`);
  if (!NO_CACHE) benchWarmCache(root);
}

/** The persistent cache: a build with nothing changed, and one after editing one page (wall, incl. process start). */
function benchWarmCache(root: string): void {
  const cacheDir = join(tmpdir(), `qdb-bench-cache-${process.pid}`);
  const out = join(tmpdir(), `qdb-bench-out-${process.pid}`);
  const cache = ['--cache-dir', cacheDir];
  coldBuild(root, out, cache); // fills the cache
  const unchanged: BuildStats[] = [];
  const onePage: BuildStats[] = [];
  const page = fg.sync('content/docs/**/*.md', { cwd: root, ignore: ['**/_*.md'] }).sort()[0]!;
  const original = readFileSync(join(root, page), 'utf8');
  try {
    for (let i = 0; i < RUNS; i++) unchanged.push(coldBuild(root, out, cache));
    for (let i = 0; i < RUNS; i++) {
      writeFileSync(join(root, page), `${original}\nA sentence of edit ${i}.\n`);
      onePage.push(coldBuild(root, out, cache));
    }
  } finally {
    writeFileSync(join(root, page), original);
    rmSync(cacheDir, { recursive: true, force: true });
  }
  console.log(`  warm cache, nothing changed:            ${fmt(unchanged.map((r) => r.wallMs / 1000), 's', 2)}`);
  console.log(`  warm cache, one page changed:           ${fmt(onePage.map((r) => r.wallMs / 1000), 's', 2)}`);
  console.log(`  warm cache, one page changed, peak memory: ${fmt(onePage.map((r) => r.maxRssMb), 'MB')}`);
}

async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      const r = await fetch(url);
      if (r.ok) {
        await r.text();
        return performance.now() - start;
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function benchWatch(root: string, label: string): Promise<void> {
  const firstPage: number[] = [];
  const rebuild: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const port = 3900 + run;
    const start = performance.now();
    const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', join(ROOT, 'scripts/dev.ts'), '--root', root, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    child.stderr.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    try {
      await waitFor(`http://127.0.0.1:${port}/docs/`, 30_000);
      firstPage.push(performance.now() - start);
      // Edit a page several times; each time, poll until the new text is served.
      const pages = await fg('content/docs/**/*.md', { cwd: root, ignore: ['**/_*', '**/partials/**'] });
      const target = pages.find((p) => p.includes('quick-start')) ?? pages.find((p) => p.endsWith('/p7.md')) ?? pages[pages.length - 1]!;
      const route = '/docs/' + target.slice('content/docs/'.length).replace(/\.md$/, '/').replace(/introduction\/$/, '');
      await waitFor(`http://127.0.0.1:${port}${route}`, 30_000);
      // Edits are measured in the steady state, once the background compile of the other pages is done.
      for (const t0 = performance.now(); !/compiled the other \d+ page|rebuilt/.test(output) && performance.now() - t0 < 60_000; ) await new Promise((r) => setTimeout(r, 20));
      const original = await readFile(join(root, target), 'utf8');
      for (let edit = 0; edit < 5; edit++) {
        const marker = `bench-marker-${run}-${edit}-${Date.now()}`;
        const t0 = performance.now();
        await writeFile(join(root, target), original + `\n\nParagraph ${marker}.\n`);
        for (;;) {
          const html = await (await fetch(`http://127.0.0.1:${port}${route}`)).text();
          if (html.includes(marker)) break;
          if (performance.now() - t0 > 10_000) throw new Error(`the edit of ${target} never showed up at ${route}; the server said:\n${output}`);
          await new Promise((r) => setTimeout(r, 2));
        }
        rebuild.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 150));
      }
      await writeFile(join(root, target), original);
    } finally {
      child.kill('SIGTERM');
    }
  }
  console.log(`\nwatch mode (${label})`);
  console.log(`  first page served after start:          ${fmt(firstPage, 'ms')}`);
  console.log(`  save → rebuilt HTML served (5 edits/run): ${fmt(rebuild, 'ms')}`);
}

async function pageWeights(buildDir: string, label: string): Promise<void> {
  const htmlFiles = (await fg('**/index.html', { cwd: buildDir })).sort();
  if (htmlFiles.length === 0) return;
  const sizes = await Promise.all(htmlFiles.map(async (f) => ({ f, size: (await readFile(join(buildDir, f))).length })));
  sizes.sort((a, b) => a.size - b.size);
  const picks = [...new Set(['index.html', sizes[Math.floor(sizes.length / 2)]!.f, sizes[sizes.length - 1]!.f])];
  console.log(`\npage weight, ${label}: gzip bytes loaded before any interaction (home, median-size and largest page)`);
  for (const f of picks) {
    const html = await readFile(join(buildDir, f), 'utf8');
    const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
    const asset = async (href: string) => gz(await readFile(join(buildDir, href.replace(/^\/docs\//, ''))));
    const css = await Promise.all([...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => asset(m[1]!)));
    const js = await Promise.all([...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => asset(m[1]!)));
    const inlineJs = [...html.matchAll(/<script[^>]*>([^<]+)<\/script>/g)].reduce((n, m) => n + m[1]!.length, 0);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    console.log(`  /docs/${f.replace(/index\.html$/, '')}: HTML ${gz(html)} B, CSS ${sum(css)} B, JS ${sum(js)} B (+ ${inlineJs} B inline, uncompressed)`);
  }
}

console.log(`Benchmark on ${process.platform} ${process.arch}, node ${process.version}, ${RUNS} runs each; figures are medians.`);
if (SEARCH_ONLY) {
  const out = join(tmpdir(), `qdb-bench-search-${process.pid}`);
  coldBuild(ROOT, out);
  await benchSearch(out, 'real site', RUNS);
  await benchSearchCompare(out, RUNS);
  await rm(out, { recursive: true, force: true });
  process.exit(0);
}
const realCopy = await mkdtemp(join(tmpdir(), 'qdb-bench-real-'));
await cp(join(ROOT, 'content'), join(realCopy, 'content'), { recursive: true });
await cp(join(ROOT, 'public'), join(realCopy, 'public'), { recursive: true }).catch(() => {});
benchBuild('real site (content/)', realCopy, true);
const buildOut = join(tmpdir(), `qdb-bench-weights-${process.pid}`);
if (!BUILDS_ONLY) {
  coldBuild(realCopy, buildOut);
  await pageWeights(buildOut, 'real site');
  await benchMachineFiles(buildOut, 'real site');
  await benchPrecache(buildOut, 'real site');
  await benchSearch(buildOut, 'real site', RUNS);
  await benchSearchCompare(buildOut, RUNS);
  await benchMcp(buildOut, 'real site', RUNS);
  await benchBudgets(buildOut, RUNS);
  await benchWatch(realCopy, 'real site');
}
if (!args.includes('--no-synthetic')) {
  for (const n of [...new Set([300, 1000, PAGES])]) {
    const dir = await mkdtemp(join(tmpdir(), `qdb-bench-syn${n}-`));
    await writeSyntheticSite(dir, n, ROOT);
    benchBuild(`synthetic site`, dir);
    if (n === Math.max(300, 1000, PAGES) && !args.includes('--no-search-size')) {
      // The first query on the largest site, from the last build's files (a page title of it, as a reader would type).
      const out = join(tmpdir(), `qdb-bench-out-${process.pid}`);
      for (const query of ['Synthetic page 4242', 'time-series partition']) {
        const b = await firstQueryBytes(out, query);
        console.log(`  search, first query "${query}" downloads (gzip): ${((b.modal + b.index) / 1024).toFixed(1)} KB = modal ${(b.modal / 1024).toFixed(1)} KB + index ${(b.index / 1024).toFixed(1)} KB (${b.files.length} file${b.files.length === 1 ? '' : 's'}; target ≤ 150 KB at 10,000 pages)`);
      }
    }
    if (n === 300 && !BUILDS_ONLY) {
      coldBuild(dir, join(dir, 'build'));
      await pageWeights(join(dir, 'build'), 'synthetic site');
      await benchSearch(join(dir, 'build'), 'synthetic site, 300 pages', RUNS);
      await benchWatch(dir, 'synthetic site, 300 pages');
    }
    await rm(dir, { recursive: true, force: true });
  }
  for (const [label, kind] of [['big page: 5 MB of prose', { prose: 5 }], ['big page: a table of 20,000 rows', { table: 20_000 }]] as const) {
    const dir = await mkdtemp(join(tmpdir(), 'qdb-bench-big-'));
    await writeBigPageSite(dir, kind, ROOT);
    benchBuild(label, dir);
    await rm(dir, { recursive: true, force: true });
  }
}
await rm(realCopy, { recursive: true, force: true });
await rm(buildOut, { recursive: true, force: true });
