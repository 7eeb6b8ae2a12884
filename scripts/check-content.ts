#!/usr/bin/env tsx
// Content checks (run in CI): the originality check of the content guide, and every
// `questdb-sql` block parsed with @questdb/sql-parser. A block opts out with `noparse`
// in its meta. Prints each failure as file:line with the parser's message.
// Usage: npm run check:content [-- --root DIR] [-- --no-originality]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkSqlBlocks } from '../src/pipeline/check/sql-blocks.ts';

const args = process.argv.slice(2);
const rootArg = args.indexOf('--root');
const root = resolve(rootArg >= 0 ? args[rootArg + 1]! : '.');
let failed = false;

const sql = await checkSqlBlocks(root);
for (const f of sql.failures) console.log(`${f.file}:${f.line}: questdb-sql does not parse: ${f.message}`);
console.log(`sql: ${sql.blocks} questdb-sql blocks, ${sql.failures.length} failing, ${sql.optOuts} opted out with noparse`);
if (sql.failures.length > 0) failed = true;

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
