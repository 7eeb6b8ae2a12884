/// <reference lib="dom" />
/**
 * Fills the mermaid SVG cache (content/diagrams/mermaid) so the build can inline diagrams
 * without a browser. Renders only the diagrams missing from the cache, in one headless
 * Chromium page that loads mermaid from node_modules (nothing is fetched).
 *
 *   npx tsx scripts/render-mermaid.ts [--prune] [--check] [--root DIR]
 *
 *   --prune     delete cached SVGs that no ```mermaid block uses any more
 *   --check     render nothing; exit 1 listing the blocks missing from the cache (for CI)
 *   --root DIR  repository root holding content/ (default: this script's repository)
 *
 * CHROMIUM_PATH overrides the browser (default /usr/bin/chromium).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import fg from 'fast-glob';
import { chromium, type Page } from 'playwright-core';
import {
  MERMAID_CACHE_DIR,
  extractMermaidBlocks,
  mermaidCachePath,
  mermaidKey,
  normaliseMermaidSource,
} from '../src/pipeline/compile/mermaid/cache.ts';
import { MERMAID_OPTIONS, finalizeMermaidSvg } from '../src/shared/mermaid-options.ts';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One distinct diagram and every place it appears. */
interface Diagram {
  key: string;
  source: string;
  where: string[];
}

const { values: args } = parseArgs({
  options: {
    prune: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    root: { type: 'string' },
  },
});
const root = resolve(args.root ?? join(dirname(fileURLToPath(import.meta.url)), '..'));

const diagrams = await collectDiagrams(root);
const blockCount = [...diagrams.values()].reduce((n, d) => n + d.where.length, 0);
const missing = [...diagrams.values()].filter((d) => !existsSync(mermaidCachePath(d.key, root)));
const cached = diagrams.size - missing.length;
let failed = 0;
let rendered = 0;

if (args.check) {
  for (const d of missing) {
    for (const where of d.where) console.error(`${where}: mermaid: not in the cache; run npx tsx scripts/render-mermaid.ts`);
  }
  failed = missing.length;
} else if (missing.length > 0) {
  ({ rendered, failed } = await renderAll(missing, root));
}

const pruned = args.prune ? await prune(root, new Set(diagrams.keys())) : 0;

console.log(
  `mermaid: ${blockCount} blocks (${diagrams.size} diagrams) found, ${cached} cached, ` +
    `${rendered} rendered, ${pruned} pruned` +
    (failed > 0 ? `, ${failed} ${args.check ? 'missing' : 'failed'}` : ''),
);
process.exit(failed > 0 ? 1 : 0);

/** Every ```mermaid block under content/, grouped by cache key. */
async function collectDiagrams(root: string): Promise<Map<string, Diagram>> {
  const files = (await fg('content/**/*.md', { cwd: root, ignore: ['**/node_modules/**'] })).sort();
  const byKey = new Map<string, Diagram>();
  for (const file of files) {
    for (const block of extractMermaidBlocks(await readFile(join(root, file), 'utf8'))) {
      const key = mermaidKey(block.source);
      const diagram = byKey.get(key) ?? { key, source: normaliseMermaidSource(block.source), where: [] };
      diagram.where.push(`${file}:${block.line}`);
      byKey.set(key, diagram);
    }
  }
  return byKey;
}

/** Renders the diagrams in one browser page and writes each SVG to the cache. */
async function renderAll(todo: Diagram[], root: string): Promise<{ rendered: number; failed: number }> {
  const started = Date.now();
  const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  let rendered = 0;
  let failed = 0;
  try {
    // Gantt charts and a few others size themselves to the container: match the docs column.
    const page = await browser.newPage({ viewport: { width: 900, height: 720 } });
    await preparePage(page);
    const ready = Date.now();
    await mkdir(join(root, MERMAID_CACHE_DIR), { recursive: true });
    for (const diagram of todo) {
      const result = await renderOne(page, diagram);
      if ('error' in result) {
        failed++;
        const message = result.error.trim().replace(/\n/g, '\n    ');
        for (const where of diagram.where) console.error(`${where}: mermaid: ${message}`);
        continue;
      }
      // Write then rename, so a build or dev server never reads half a file.
      const path = mermaidCachePath(diagram.key, root);
      await writeFile(`${path}.${process.pid}.tmp`, finalizeMermaidSvg(result.svg) + '\n');
      await rename(`${path}.${process.pid}.tmp`, path);
      rendered++;
    }
    const perDiagram = todo.length > 0 ? Math.round((Date.now() - ready) / todo.length) : 0;
    console.log(`mermaid: browser ready in ${ready - started} ms, ~${perDiagram} ms per diagram`);
  } finally {
    await browser.close();
  }
  return { rendered, failed };
}

/** A blank page with the local mermaid bundle loaded and initialised. */
async function preparePage(page: Page): Promise<void> {
  // tsx compiles with keepNames, which wraps named functions in callbacks given to
  // page.evaluate in calls to its `__name` helper; that helper does not exist in the page.
  await page.evaluate('globalThis.__name = (fn) => fn');
  const bundle = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
  await page.addScriptTag({ path: bundle });
  await page.evaluate((options) => {
    (globalThis as unknown as { mermaid: { initialize(o: unknown): void } }).mermaid.initialize(options);
  }, MERMAID_OPTIONS);
}

/** Renders one diagram to well-formed SVG markup, or returns mermaid's error message. */
async function renderOne(page: Page, diagram: Diagram): Promise<{ svg: string } | { error: string }> {
  const id = `mermaid-${diagram.key}`;
  // Seed from the key: the few diagram types that use Math.random (ids, hand-drawn look)
  // then render the same bytes every time, which keeps cache diffs quiet.
  const seed = parseInt(diagram.key.slice(0, 8), 16);
  return page.evaluate(
    async ({ id, source, seed }) => {
      type Mermaid = { render(id: string, text: string): Promise<{ svg: string }> };
      const { mermaid } = globalThis as unknown as { mermaid: Mermaid };
      const random = Math.random;
      let state = seed >>> 0;
      // mulberry32
      Math.random = () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      const isXml = (markup: string) =>
        new DOMParser().parseFromString(markup, 'image/svg+xml').getElementsByTagName('parsererror').length === 0;
      try {
        const { svg } = await mermaid.render(id, source);
        if (isXml(svg)) return { svg };
        // Mermaid serialises with innerHTML (HTML rules: `<br>`, bare `&nbsp;`...):
        // re-parse as HTML and serialise as XML.
        const template = document.createElement('template');
        template.innerHTML = svg;
        const element = template.content.querySelector('svg');
        if (!element) return { error: 'render produced no <svg> element' };
        const xml = new XMLSerializer().serializeToString(element);
        return isXml(xml) ? { svg: xml } : { error: 'render produced SVG that is not well-formed XML' };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      } finally {
        Math.random = random;
        document.getElementById(`d${id}`)?.remove();
      }
    },
    { id, source: diagram.source, seed },
  );
}

/** Deletes cached SVGs whose key no block uses; returns how many. */
async function prune(root: string, used: Set<string>): Promise<number> {
  const dir = join(root, MERMAID_CACHE_DIR);
  if (!existsSync(dir)) return 0;
  let pruned = 0;
  for (const name of await readdir(dir)) {
    const key = /^([0-9a-f]{16})\.svg$/.exec(name)?.[1];
    if (key === undefined || used.has(key)) continue;
    await unlink(join(dir, name));
    console.log(`mermaid: pruned ${MERMAID_CACHE_DIR}/${name}`);
    pruned++;
  }
  return pruned;
}
