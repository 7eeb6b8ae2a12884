#!/usr/bin/env node
// Runs every test file with Node's own test runner (TypeScript through tsx).
// Node 20's runner has no glob of its own, so the files are listed here.
// Usage: npm test [-- unit|e2e|<substring>]
import fg from 'fast-glob';
import { spawnSync } from 'node:child_process';

const filter = process.argv[2];
let files = await fg(['test/**/*.test.ts', 'src/**/*.test.ts'], { ignore: ['**/node_modules/**'] });
if (filter) files = files.filter((f) => f.includes(filter));
files.sort();
if (files.length === 0) {
  console.error(`no test files match ${filter ?? '(all)'}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
