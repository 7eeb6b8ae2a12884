#!/usr/bin/env tsx
// Content checks (run in CI): the originality check of the content guide, every
// `questdb-sql` block parsed with @questdb/sql-parser (a block opts out with `noparse` in
// its meta), and every `demo` block checked to run on the public demo as it is (one
// read-only statement on the tables and columns of content/data/demo-schema.json).
// Prints each failure as file:line with what is wrong.
// Usage: npm run check:content [-- --root DIR] [-- --no-originality]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fg from 'fast-glob';
import { checkSqlBlocks } from '../src/pipeline/check/sql-blocks.ts';
import { checkDemoBlocks, DEMO_SCHEMA_FILE } from '../src/pipeline/check/demo-blocks.ts';
import { loadSiteData } from '../src/pipeline/load/load-data.ts';

const args = process.argv.slice(2);
const rootArg = args.indexOf('--root');
const root = resolve(rootArg >= 0 ? args[rootArg + 1]! : '.');
let failed = false;

const sql = await checkSqlBlocks(root);
for (const f of sql.failures) console.log(`${f.file}:${f.line}: questdb-sql does not parse: ${f.message}`);
console.log(`sql: ${sql.blocks} questdb-sql blocks, ${sql.failures.length} failing, ${sql.optOuts} opted out with noparse`);
if (sql.failures.length > 0) failed = true;

if (existsSync(resolve(root, DEMO_SCHEMA_FILE))) {
  const files = (await fg('content/**/*.md', { cwd: root })).sort();
  const demo = await checkDemoBlocks(root, files, (await loadSiteData(root)).release);
  for (const p of demo.problems) console.log(`${p.file}:${p.line}: demo block: ${p.message}. Fix: ${p.fix}`);
  const blocksWithProblems = new Set(demo.problems.map((p) => `${p.file}:${p.line}`)).size;
  console.log(`demo: ${demo.blocks} demo blocks, ${blocksWithProblems} with unknown tables or columns or not runnable on the demo`);
  if (demo.problems.length > 0) failed = true;
}

if (!args.includes('--no-originality')) {
  const checker = resolve(root, '../shared/tools/originality/check.mjs');
  if (!existsSync(checker)) {
    console.log(`originality: the checker is missing at ${checker}; it is expected beside the repository (../shared).`);
    failed = true;
  } else {
    const r = spawnSync(process.execPath, [checker, 'content'], { cwd: root, encoding: 'utf8' });
    const lines = r.stdout.trim().split('\n');
    for (const l of lines) if (l.startsWith('COPIED')) console.log(l);
    console.log(lines[lines.length - 1]);
    if (r.status !== 0) failed = true;
  }
}
process.exit(failed ? 1 : 0);
