// Prism grammar for QuestDB SQL, registered in refractor as `questdb-sql`.
// The word lists come from @questdb/sql-parser so highlighting follows the
// real parser's vocabulary instead of a hand-kept copy.
import { constants, dataTypes, functions, keywords, operators } from '@questdb/sql-parser/grammar';
import type { Grammar } from 'prismjs';
import type { Refractor, Syntax } from 'refractor/core';

const lower = (words: readonly string[]): Set<string> => new Set(words.map((w) => w.toLowerCase()));

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Whole-word matcher. Word characters, `$` and a preceding `.` count as part of
// an identifier, so `trades.timestamp` or `t.symbol` (qualified column names)
// are not painted as types/keywords. Longest first so a name never loses to
// one of its prefixes in the alternation.
function wordsRegExp(words: Iterable<string>, suffix = ''): RegExp {
  const alternatives = [...new Set(words)]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map(escapeRegExp)
    .join('|');
  return new RegExp(`(?<![\\w$.])(?:${alternatives})(?![\\w$])${suffix}`, 'i');
}

const keywordSet = lower(keywords);
const constantSet = lower(constants);
const operatorSet = lower(operators);

// The package lists logical/set operators (AND, SOME, APPLY, ...) separately
// from keywords; they read as keywords in a query. NULL is the exception: it
// is a constant.
const wordOperators = [...operatorSet].filter((o) => /^\w+$/.test(o) && !constantSet.has(o));
const symbolOperators = [...operatorSet].filter((o) => !/^\w+$/.test(o));

const booleanWords = ['true', 'false'];
const constantWords = [...constantSet].filter((c) => !keywordSet.has(c) && !booleanWords.includes(c));

// Names the package lists as functions but that are operators or clause words
// even when a `(` follows: `NOT(a)`, `x IN(1, 2)`, `CASE(` should stay keywords.
const notCalls = new Set(['and', 'or', 'not', 'in', 'between', 'like', 'ilike', 'case', 'all', 'any', 'exists']);
const functionWords = [...lower(functions)].filter((f) => !notCalls.has(f));

// Standard SQL operators plus QuestDB's own (`<<=` subnet, `~` regex, ...).
const allSymbolOperators = new Set([
  ...symbolOperators,
  '<=', '>=', '<>', '!=', '||', '::', '=', '<', '>', '+', '-', '*', '/', '%', '&', '|', '^', '!', '~',
]);
const operatorPattern = new RegExp(
  [...allSymbolOperators]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|'),
);

// Numbers: hex, ints/decimals/exponents (with `_` digit groups), and
// duration/size literals (`1h`, `15m`, `30d`, `100ms`, `64kb`) that appear in
// SAMPLE BY, TTL, WAL lag and config values. Units are a closed list so `1abc`
// is not taken for a number.
const numberPattern =
  /(?<![\w$.])(?:0x[\da-f]+|(?:\d+(?:_\d+)*(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?(?:ns|us|ms|[kmgt]b|[nutsmhdwykg])?)(?![\w$])/i;

/** The QuestDB SQL grammar; built once at module load. Order matters: Prism tries tokens in insertion order. */
export const questdbSqlGrammar: Grammar = {
  // Greedy, so `--` inside a string or `'` inside a comment is not misread.
  comment: { pattern: /--.*|\/\*[\s\S]*?(?:\*\/|$)/, greedy: true },
  string: { pattern: /'(?:[^']|'')*'/, greedy: true },
  identifier: {
    pattern: /"(?:[^"]|"")*"/,
    greedy: true,
    inside: { punctuation: /^"|"$/ },
  },
  // Call syntax wins over the keyword list: `left(s, 2)` vs `LEFT JOIN`.
  // A `(` must follow directly so DDL like `CREATE TABLE views (` is untouched.
  function: wordsRegExp(functionWords, '(?=\\()'),
  boolean: wordsRegExp(booleanWords),
  keyword: wordsRegExp([...keywordSet, ...wordOperators]),
  builtin: { pattern: wordsRegExp(lower(dataTypes)), alias: 'type' },
  constant: wordsRegExp(constantWords),
  number: numberPattern,
  operator: operatorPattern,
  punctuation: /[;,.()[\]{}]/,
};

/** Refractor syntax that registers QuestDB SQL as `questdb-sql` (alias `questdb`). */
export const questdbSql: Syntax = Object.assign(
  (prism: Refractor): undefined => {
    prism.languages['questdb-sql'] = questdbSqlGrammar;
    // Mirror what Prism's own language files do for their aliases.
    prism.languages['questdb'] = questdbSqlGrammar;
    return undefined;
  },
  { displayName: 'questdb-sql', aliases: ['questdb'] },
);
