/** Railroad diagrams: W3C EBNF parsed and drawn as SVG at build time, with writer-facing errors. */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { renderRailroad } from '../../src/pipeline/compile/railroad/render-railroad.ts';
import { parseEbnf, EbnfSyntaxError } from '../../src/pipeline/compile/railroad/parse-ebnf.ts';

const SAMPLE_BY = "sampleBy ::= 'SAMPLE' 'BY' n unit ( 'FROM' lowerBound 'TO' upperBound )? ( 'FILL' '(' fillOption ( ',' fillOption )* ')' )?";

function ok(source: string) {
  const r = renderRailroad(source);
  assert.ok(r.ok, `expected a diagram, got: ${!r.ok ? r.message : ''}`);
  return r.diagrams;
}

function fails(source: string) {
  const r = renderRailroad(source);
  assert.ok(!r.ok, 'expected a syntax error');
  assert.ok(r.fix.length > 10, 'the error has a fix');
  return r;
}

const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('parsing', () => {
  test('sequence, choice, groups, postfix operators, classes and empty alternatives', () => {
    const [rule] = parseEbnf("r ::= 'A' ( b | 'C' )+ d? e* [a-z] ( 'F' | )");
    assert.equal(rule!.name, 'r');
    const seq = rule!.body;
    assert.equal(seq.kind, 'sequence');
    if (seq.kind !== 'sequence') return;
    assert.deepEqual(seq.items.map((i) => i.kind), ['terminal', 'repeat', 'repeat', 'repeat', 'charClass', 'choice']);
  });
  test('a rule may span lines, and a block may hold several rules', () => {
    const rules = parseEbnf("first ::= 'A'\n  'B'\nsecond ::= first\n  | 'C'");
    assert.deepEqual(rules.map((r) => r.name), ['first', 'second']);
  });
  test('comments are ignored', () => {
    assert.equal(parseEbnf("r ::= /* keyword */ 'A'")[0]!.body.kind, 'terminal');
  });
});

describe('rendering', () => {
  test('the SAMPLE BY grammar draws keywords and placeholders', () => {
    const [d, ...rest] = ok(SAMPLE_BY);
    assert.equal(rest.length, 0);
    assert.equal(d!.name, 'sampleBy');
    assert.match(d!.svg, /^<svg [^>]*class="railroad-diagram"[^>]*role="img"[^>]*aria-label="Syntax of sampleBy"/);
    assert.match(d!.svg, /<title>Syntax of sampleBy<\/title>/);
    const t = texts(d!.svg);
    for (const word of ['SAMPLE', 'BY', 'FROM', 'TO', 'FILL', 'n', 'unit', 'lowerBound', 'upperBound', 'fillOption']) assert.ok(t.includes(word), `missing ${word}`);
    assert.match(d!.svg, /<g class="terminal">[\s\S]*?SAMPLE/);
    assert.match(d!.svg, /<g class="non-terminal">[\s\S]*?lowerBound/);
  });
  test('several rules give several diagrams, in order', () => {
    assert.deepEqual(ok("a ::= 'X'\nb ::= a 'Y'").map((d) => d.name), ['a', 'b']);
  });
  test('output is deterministic', () => {
    assert.equal(ok(SAMPLE_BY)[0]!.svg, ok(SAMPLE_BY)[0]!.svg);
  });
  test('text is escaped', () => {
    const svg = ok("cmp ::= a ( '<' | '&' | '\"' ) b")[0]!.svg;
    assert.ok(texts(svg).includes('&lt;'));
    assert.ok(texts(svg).includes('&amp;'));
    assert.doesNotMatch(svg, /<text[^>]*><<\/text>/);
  });
  test('a character class renders as text', () => {
    assert.ok(texts(ok('ident ::= [a-z_] [a-z0-9_]*')[0]!.svg).some((t) => t!.includes('a-z')));
  });
  test('long sequences wrap so the diagram stays narrow', () => {
    const long = "r ::= 'ALPHA' 'BRAVO' 'CHARLIE' 'DELTA' 'ECHO' 'FOXTROT' 'GOLF' 'HOTEL' 'INDIA' 'JULIET' 'KILO' 'LIMA'";
    const width = Number(/width="(\d+(?:\.\d+)?)"/.exec(ok(long)[0]!.svg)![1]);
    assert.ok(width <= 820, `diagram is ${width}px wide`);
  });
});

describe('errors point at the line and column with a fix', () => {
  test('a group that is never closed', () => {
    const r = fails("select ::= 'SELECT' ( column");
    assert.equal(r.line, 1);
    assert.match(r.message, /never closed/);
  });
  test('no ::=', () => {
    assert.equal(fails("just 'words'").line, 1);
  });
  test('an unterminated keyword on the second line', () => {
    const r = fails("r ::= 'A'\n  'B");
    assert.equal(r.line, 2);
    assert.equal(r.column, 3);
  });
  test('an unterminated class, comment, empty source, stray postfix and duplicate rule', () => {
    fails('r ::= [a-z');
    fails("r ::= 'A' /* open");
    fails('   ');
    fails('r ::= * a');
    fails("r ::= 'A'\nr ::= 'B'");
  });
  test('an unexpected character', () => {
    const r = fails("r ::= 'A' ; 'B'");
    assert.equal(r.column, 11);
  });
  test('parseEbnf throws a typed error', () => {
    assert.throws(() => parseEbnf('r ::= ('), EbnfSyntaxError);
  });
});
