/**
 * The translation table (src/shared/search/translations.ts): each entry names the other
 * product's page that defines its term, and the docs really use the words it maps to.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { TRANSLATIONS } from '../../src/shared/search/translations.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test('every translation is preceded by a comment naming its source page', () => {
  const lines = readFileSync(`${ROOT}src/shared/search/translations.ts`, 'utf8').split('\n');
  const entries = lines.map((l, i) => [l.trim(), i] as const).filter(([l]) => /^\['[^']+', '[^']+'\],$/.test(l));
  assert.equal(entries.length, TRANSLATIONS.length, 'one entry per line');
  for (const [line, i] of entries) assert.match(lines[i - 1]!, /^\s*\/\/ [\w .]+: https:\/\/\S+$/, `${line}: no source comment above it`);
});

test("every translation maps to words the docs use", () => {
  const text = fg.sync('content/docs/**/*.md', { cwd: ROOT }).map((f) => readFileSync(`${ROOT}${f}`, 'utf8').toLowerCase()).join('\n');
  for (const [from, to] of TRANSLATIONS) {
    assert.equal(from, from.toLowerCase().trim(), `${from}: lower case`);
    for (const word of to.split(' ')) assert.ok(text.includes(word), `${from} → ${to}: no page has "${word}"`);
  }
});
