/**
 * The house rules, checked on every tracked file so the code stays easy to live in: no source
 * file over 400 lines, no function over 80 lines, no import cycle, and no words about how the
 * work was organised in any tracked text (scripts/house/ holds the checkers).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { longFunctions } from '../../scripts/house/function-lengths.ts';
import { importCycles } from '../../scripts/house/import-cycles.ts';
import { processWords } from '../../scripts/house/process-words.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const SOURCE = /\.(?:ts|tsx|mts|mjs|js|cjs)$/;
const TEXT = /\.(?:ts|tsx|mts|mjs|js|cjs|md|json|tsv|css|html|txt|yml|yaml|sh)$|(?:^|\/)(?:run|\.gitignore)$/;
/** Data that is not written by hand. */
const GENERATED = new Set(['package-lock.json']);

function trackedFiles(): string[] {
  const r = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, `git ls-files failed: ${r.stderr}`);
  return r.stdout.split('\0').filter((f) => f !== '' && !GENERATED.has(f));
}

const files = trackedFiles();
// content/ is the writers' (content/sidebars.ts is the sidebar's data), not the code's.
const sources = files.filter((f) => SOURCE.test(f) && !f.startsWith('content/'));
const read = (f: string) => readFileSync(ROOT + f, 'utf8');

test(`no source file is over ${MAX_FILE_LINES} lines`, () => {
  assert.ok(sources.length > 100, 'the source files were found');
  const long = sources.map((f) => ({ f, lines: read(f).split('\n').length - (read(f).endsWith('\n') ? 1 : 0) })).filter((x) => x.lines > MAX_FILE_LINES);
  assert.deepEqual(long.map((x) => `${x.f}: ${x.lines} lines`), [], 'split these files by what they do');
});

test(`no function is over ${MAX_FUNCTION_LINES} lines`, () => {
  const long = sources.flatMap((f) => longFunctions(read(f), f, MAX_FUNCTION_LINES).map((l) => `${f}:${l.line} ${l.name}: ${l.lines} lines`));
  assert.deepEqual(long, [], 'give the parts of these functions names of their own');
});

test('the checker finds a long function and a describe body is not one', () => {
  const body = Array.from({ length: 85 }, (_, i) => `  const v${i} = ${i};`).join('\n');
  assert.equal(longFunctions(`function big() {\n${body}\n}`, 'x.ts', MAX_FUNCTION_LINES).length, 1);
  assert.equal(longFunctions(`describe('group', () => {\n${body}\n});`, 'x.ts', MAX_FUNCTION_LINES).length, 0);
});

test('no import cycle between the repository\'s modules', () => {
  const cycles = importCycles(new Map(sources.map((f) => [f, read(f)])));
  assert.deepEqual(cycles, [], 'move what both sides need into a module of its own, so arrows point one way');
});

test('the cycle finder finds a cycle through a type import', () => {
  const cycles = importCycles(new Map([
    ['src/a.ts', "import type { B } from './b.ts';"],
    ['src/b.ts', "import { a } from './a.ts';"],
    ['src/c.ts', "import { a } from './a.ts';"],
  ]));
  assert.deepEqual(cycles, [['src/a.ts', 'src/b.ts']]);
});

test('no tracked text speaks of how the work was organised', () => {
  // The checker's own list of phrases, and this test of it, are the files allowed to name them.
  const own = new Set(['scripts/house/process-words.ts', 'test/unit/house.test.ts']);
  const found = files.filter((f) => TEXT.test(f) && !own.has(f)).flatMap((f) => processWords(read(f)).map((w) => `${f}:${w.line}: ${w.text}`));
  assert.deepEqual(found, [], 'the repository speaks of the product: say what the code does and why, with dates or commits where a figure needs them');
});

test('the process-word check finds words about the work, not the product\'s sessions', () => {
  assert.equal(processWords('Figures of the latest session (stop 29) on its final code.').length, 1);
  assert.equal(processWords('An earlier work period tried it.').length, 1);
  assert.deepEqual(processWords('Each MCP session keeps its transport; a database session has a time zone.'), []);
});
