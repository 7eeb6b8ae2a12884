/**
 * Every name of @questdb/sql-parser's `functions` list that is a QuestDB 8.3.3 function
 * has a section (a heading named after it) on a reference/function page. Names that are
 * not functions, or not functions of 8.3.3, are on the commented exclusion list below.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { functions } from '@questdb/sql-parser/grammar';
import { EXCLUDED } from './function-exclusions.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Lower-cased names from the headings of the function and operator reference pages. */
function documentedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of fg.sync('content/docs/reference/{function,operators}/*.md', { cwd: ROOT })) {
    // A page devoted to one function is named after it (touch.md).
    names.add(file.replace(/^.*\/|\.md$/g, '').toLowerCase());
    for (const m of readFileSync(ROOT + file, 'utf8').matchAll(/^#{2,4}\s+(.+)$/gm)) {
      // A heading may name several functions: "`stddev`, `stddev_samp`" or "round_up / round_down".
      for (const part of m[1]!.replace(/\{#[^}]*\}/, '').split(/,|\/| and /)) {
        const name = part.replace(/[`*]/g, '').trim().split(/[\s(]/)[0]!.toLowerCase();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

test('every function of the SQL parser word list is documented or excluded with a reason', () => {
  const documented = documentedNames();
  const missing = (functions as string[]).filter((f) => !documented.has(f.toLowerCase()) && !(f in EXCLUDED));
  assert.deepEqual(missing, [], `not documented and not excluded: ${missing.join(', ')}`);
});

test('the exclusion list names only words of the list, and nothing it excludes is documented', () => {
  const documented = documentedNames();
  const list = new Set<string>(functions as string[]);
  for (const name of Object.keys(EXCLUDED)) {
    assert.ok(list.has(name), `${name} is excluded but not in the parser's list`);
    assert.ok(!documented.has(name.toLowerCase()), `${name} is documented, so it should not be excluded`);
  }
});
