import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element, ElementContent } from 'hast';
import { refractor } from 'refractor/core';
import { siteCodeBlocks } from '../helpers/code-blocks.ts';
import { highlightLines, highlightToHast, type CodeLine } from '../../src/pipeline/compile/highlight/highlight.ts';
import {
  LANGUAGE_ALIASES,
  SUPPORTED_LANGUAGES,
  resolveLanguage,
} from '../../src/pipeline/compile/highlight/languages.ts';

// Plain text of a node (what the browser would show).
function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

const lineText = (line: CodeLine): string => line.map(textOf).join('');

function classesOf(node: Element): string[] {
  const cls = node.properties.className;
  return Array.isArray(cls) ? cls.map(String) : [];
}

// Every token span (any depth) with its classes and text.
function tokens(lines: CodeLine[]): { classes: string[]; text: string }[] {
  const out: { classes: string[]; text: string }[] = [];
  const walk = (node: ElementContent): void => {
    if (node.type !== 'element') return;
    out.push({ classes: classesOf(node), text: textOf(node) });
    node.children.forEach(walk);
  };
  lines.flat().forEach(walk);
  return out;
}

const tokenTexts = (lines: CodeLine[], type: string): string[] =>
  tokens(lines)
    .filter((t) => t.classes.includes('token') && t.classes.includes(type))
    .map((t) => t.text);

function assertSelfContained(code: string, lines: CodeLine[]): void {
  const expected = code.replace(/\n$/, '').split('\n');
  assert.equal(lines.length, expected.length, 'one hast line per source line');
  lines.forEach((line, i) => {
    assert.equal(lineText(line), expected[i], `line ${i + 1} text`);
    for (const node of line) assert.ok(!textOf(node).includes('\n'), `line ${i + 1} contains a newline`);
  });
}

describe('questdb-sql', () => {
  const query = "SELECT timestamp, symbol, avg(price) FROM trades WHERE symbol = 'BTC-USD' SAMPLE BY 1h;";

  test('highlights a typical QuestDB query', () => {
    const { lang, known, lines } = highlightLines(query, 'questdb-sql');
    assert.equal(lang, 'questdb-sql');
    assert.equal(known, true);
    assert.equal(lines.length, 1);
    assert.deepEqual(tokenTexts(lines, 'keyword'), ['SELECT', 'FROM', 'WHERE', 'SAMPLE', 'BY']);
    assert.deepEqual(tokenTexts(lines, 'function'), ['avg']);
    assert.deepEqual(tokenTexts(lines, 'string'), ["'BTC-USD'"]);
    assert.deepEqual(tokenTexts(lines, 'number'), ['1h']);
    assert.equal(lineText(lines[0]!), query);
  });

  test('is the default for fences without a language', () => {
    for (const lang of [undefined, null, '', '  ']) {
      const result = highlightLines(query, lang);
      assert.equal(result.lang, 'questdb-sql');
      assert.deepEqual(tokenTexts(result.lines, 'keyword'), ['SELECT', 'FROM', 'WHERE', 'SAMPLE', 'BY']);
    }
  });

  test('matches words case-insensitively and only as whole words', () => {
    const { lines } = highlightLines('select Avg(x) From selection where x = TRUE and y Is Null', 'questdb');
    assert.deepEqual(tokenTexts(lines, 'keyword'), ['select', 'From', 'where', 'and', 'Is']);
    assert.deepEqual(tokenTexts(lines, 'function'), ['Avg']);
    assert.deepEqual(tokenTexts(lines, 'boolean'), ['TRUE']);
    assert.deepEqual(tokenTexts(lines, 'constant'), ['Null']);
  });

  test('tells functions from keywords by the call parenthesis', () => {
    const { lines } = highlightLines('SELECT left(s, 2) FROM a LEFT JOIN b ON (a.id = b.id)', 'questdb-sql');
    assert.deepEqual(tokenTexts(lines, 'function'), ['left']);
    assert.ok(tokenTexts(lines, 'keyword').includes('LEFT'));
  });

  test('numbers, durations, types, constants, operators, identifiers, comments', () => {
    const code = `SELECT "my col", 0x1F, 1.5e10, 42, 30d, 15m, cast(x AS double), NaN -- tail 'x'
FROM t WHERE ip <<= '10.0.0.0/8' AND v != NULL /* end */`;
    const { lines } = highlightLines(code, 'questdb-sql');
    assert.deepEqual(tokenTexts(lines, 'number'), ['0x1F', '1.5e10', '42', '30d', '15m']);
    assert.deepEqual(tokenTexts(lines, 'builtin'), ['double']);
    assert.deepEqual(tokenTexts(lines, 'constant'), ['NaN', 'NULL']);
    assert.deepEqual(tokenTexts(lines, 'identifier'), ['"my col"']);
    assert.deepEqual(tokenTexts(lines, 'comment'), ["-- tail 'x'", '/* end */']);
    assert.deepEqual(tokenTexts(lines, 'string'), ["'10.0.0.0/8'"]);
    assert.ok(tokenTexts(lines, 'operator').includes('<<='));
    assert.ok(tokenTexts(lines, 'operator').includes('!='));
  });

  test('does not take identifiers containing digits or keywords for tokens', () => {
    const { lines } = highlightLines('SELECT abc1h, selected, from_x FROM t1', 'questdb-sql');
    assert.deepEqual(tokenTexts(lines, 'keyword'), ['SELECT', 'FROM']);
    assert.deepEqual(tokenTexts(lines, 'number'), []);
  });

  test("keeps '' escapes inside one string token", () => {
    const { lines } = highlightLines("SELECT 'it''s -- not a comment' FROM t", 'questdb-sql');
    assert.deepEqual(tokenTexts(lines, 'string'), ["'it''s -- not a comment'"]);
    assert.deepEqual(tokenTexts(lines, 'comment'), []);
  });

  test('splits a multi-line block comment into self-contained lines', () => {
    const code = 'SELECT 1;\n/* first\n   second\n   third */\nSELECT 2;\n';
    const { lines } = highlightLines(code, 'questdb-sql');
    assertSelfContained(code, lines);
    for (const i of [1, 2, 3]) {
      const line = lines[i]!;
      assert.equal(line.length, 1, `comment line ${i + 1} is a single span`);
      const span = line[0]!;
      assert.equal(span.type, 'element');
      assert.deepEqual(classesOf(span as Element), ['token', 'comment']);
    }
  });
});

describe('line splitting', () => {
  test('splits a multi-line python string into spans with the same classes', () => {
    const code = 'def f():\n    s = """multi\nline\nstring"""\n    return s\n';
    const { lang, lines } = highlightLines(code, 'py');
    assert.equal(lang, 'python');
    assertSelfContained(code, lines);
    const strings = lines.slice(1, 4).map((line) => line.find((n) => n.type === 'element' && classesOf(n).includes('string')));
    assert.deepEqual(
      strings.map((s) => (s ? textOf(s) : null)),
      ['"""multi', 'line', 'string"""'],
    );
    const classLists = strings.map((s) => classesOf(s as Element));
    assert.deepEqual(classLists[1], classLists[0]);
    assert.deepEqual(classLists[2], classLists[0]);
    // Cloned fragments must not share mutable class arrays.
    assert.notEqual((strings[0] as Element).properties.className, (strings[1] as Element).properties.className);
  });

  test('keeps blank lines and drops only the trailing newline', () => {
    const code = 'SELECT 1;\n\n\nSELECT 2;\n';
    const { lines } = highlightLines(code, 'questdb-sql');
    assert.equal(lines.length, 4);
    assert.deepEqual(lines[1], []);
    assertSelfContained(code, lines);
    assert.equal(highlightLines('a\n\n', 'text').lines.length, 2);
  });

  test('normalises CRLF line endings', () => {
    const { lines } = highlightLines('SELECT 1;\r\nSELECT 2;\r\n', 'questdb-sql');
    assert.deepEqual(lines.map(lineText), ['SELECT 1;', 'SELECT 2;']);
  });

  test('plain languages produce text nodes per line', () => {
    const { lang, known, lines } = highlightLines('line one\nline two\n', 'txt');
    assert.equal(lang, 'text');
    assert.equal(known, true);
    assert.deepEqual(lines, [[{ type: 'text', value: 'line one' }], [{ type: 'text', value: 'line two' }]]);
  });

  test('unknown languages are plain and reported', () => {
    const { lang, known, lines } = highlightLines('foo bar\nbaz', 'cobol');
    assert.equal(lang, 'cobol');
    assert.equal(known, false);
    assert.deepEqual(lines.map(lineText), ['foo bar', 'baz']);
    assert.ok(lines.flat().every((n) => n.type === 'text'));
  });
});

describe('resolveLanguage', () => {
  test('resolves aliases and case', () => {
    const cases: [string | null | undefined, string][] = [
      ['sh', 'bash'], ['zsh', 'bash'], ['console', 'bash'], ['shell', 'bash'],
      ['js', 'javascript'], ['mjs', 'javascript'], ['ts', 'typescript'], ['py', 'python'],
      ['rs', 'rust'], ['cs', 'csharp'], ['c#', 'csharp'], ['C++', 'cpp'], ['golang', 'go'],
      ['yml', 'yaml'], ['Dockerfile', 'docker'], ['conf', 'ini'], ['properties', 'ini'],
      ['questdb', 'questdb-sql'], ['QuestDB-SQL', 'questdb-sql'], ['sql', 'sql'],
      [null, 'questdb-sql'], [undefined, 'questdb-sql'], ['', 'questdb-sql'],
    ];
    for (const [name, id] of cases) {
      assert.deepEqual(resolveLanguage(name), { id, known: true, plain: false }, String(name));
    }
  });

  test('plain names are known, others unknown', () => {
    for (const name of ['text', 'txt', 'plain', 'plaintext', 'log', 'output']) {
      assert.deepEqual(resolveLanguage(name), { id: 'text', known: true, plain: true });
    }
    assert.deepEqual(resolveLanguage('brainfuck'), { id: 'brainfuck', known: false, plain: true });
    assert.deepEqual(resolveLanguage('constructor'), { id: 'constructor', known: false, plain: true });
  });
});

describe('every supported language', () => {
  const snippets: Record<string, string> = {
    'questdb-sql': 'SELECT * FROM trades LATEST ON timestamp PARTITION BY symbol;',
    bash: 'export FOO="bar"\necho $FOO | grep -i bar',
    c: '#include <stdio.h>\nint main(void) { return 0; }',
    cpp: 'std::vector<int> v{1, 2};\nauto x = v.size();',
    csharp: 'using System;\npublic class A { public int X { get; set; } }',
    go: 'package main\nfunc main() { fmt.Println("hi") }',
    java: 'public class A { public static void main(String[] a) {} }',
    javascript: 'const x = await fetch("/exec?query=" + q);',
    typescript: 'const n: number = 1;\ninterface A { b: string }',
    json: '{ "a": 1, "b": [true, null] }',
    python: 'import requests\nprint(requests.get("http://localhost:9000"))',
    rust: 'fn main() { let x: u32 = 1; println!("{}", x); }',
    php: '<?php\n$x = array(1, 2);\necho $x[0];',
    ruby: 'require "pg"\nputs [1, 2].map { |x| x * 2 }',
    toml: '[http]\nenabled = true\nport = 9000',
    ini: '[section]\nkey=value\n; comment',
    yaml: 'services:\n  questdb:\n    image: questdb/questdb:latest',
    docker: 'FROM questdb/questdb:latest\nEXPOSE 9000',
    sql: 'SELECT a, COUNT(*) FROM t GROUP BY a;',
    ebnf: 'digit = "0" | "1" ;',
    julia: 'function f(x::Int)\n  return x + 1\nend',
    r: 'x <- c(1, 2, 3)\nprint(mean(x))',
  };

  const names = [...SUPPORTED_LANGUAGES, ...Object.keys(LANGUAGE_ALIASES)];
  for (const name of names) {
    test(`${name} highlights a snippet`, () => {
      const id = resolveLanguage(name).id;
      const code = snippets[id];
      assert.ok(code, `no snippet for ${id}`);
      const { known, lines } = highlightLines(code, name);
      assert.equal(known, true);
      assertSelfContained(code, lines);
      assert.ok(tokens(lines).some((t) => t.classes[0] === 'token'), `${name}: no token span`);
    });
  }
});

test('highlightToHast makes the very tree refractor.highlight makes, on every code block of the site and on hook-driven tokens', () => {
  const samples: { code: string; lang: string }[] = [
    // markup's wrap hook gives entities a title attribute; php runs markup-templating's tokenize hooks.
    { code: '<?php echo "a &amp; b"; ?>\n<p title="x">&lt;tag&gt; &copy;</p>\n<?php $x = [1, 2]; ?>', lang: 'php' },
    { code: 'const s = `a ${b} c`; // note\nclass A extends B {}', lang: 'typescript' },
  ];
  samples.push(...siteCodeBlocks('.'));
  let compared = 0;
  const langs = new Set<string>();
  for (const { code, lang } of samples) {
    const resolved = resolveLanguage(lang);
    if (resolved.plain) continue;
    assert.deepEqual(highlightToHast(code, resolved.id), refractor.highlight(code, resolved.id).children, `${resolved.id}: ${code.slice(0, 60)}`);
    compared++;
    langs.add(resolved.id);
  }
  assert.ok(compared > 500 && langs.size > 10, `compared ${compared} blocks in ${langs.size} languages`);
});
