import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EbnfSyntaxError, parseEbnf } from '../../src/pipeline/compile/railroad/parse-ebnf.ts';
import { renderRailroad, type RailroadResult } from '../../src/pipeline/compile/railroad/render-railroad.ts';

const SAMPLE_BY = "sampleBy ::= 'SAMPLE' 'BY' n unit ( 'FROM' lowerBound 'TO' upperBound )? ( 'FILL' '(' fillOption ( ',' fillOption )* ')' )?";

function diagrams(source: string): { name: string; svg: string }[] {
  const result = renderRailroad(source);
  assert.ok(result.ok, `expected success, got ${JSON.stringify(result)}`);
  return result.diagrams;
}

/** The contents of every <text> element, still escaped. */
function textNodes(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>(.*?)<\/text>/gs)].map((m) => m[1]!);
}

function failure(source: string): Extract<RailroadResult, { ok: false }> {
  const result = renderRailroad(source);
  assert.equal(result.ok, false, `expected an error for ${JSON.stringify(source)}`);
  if (result.ok) throw new Error('unreachable');
  assert.ok(result.fix.trim().length > 0, 'fix must not be empty');
  assert.ok(result.message.trim().length > 0, 'message must not be empty');
  return result;
}

test('sampleBy renders one accessible SVG with keywords and placeholders', () => {
  const [only, ...rest] = diagrams(SAMPLE_BY);
  assert.equal(rest.length, 0);
  assert.ok(only);
  assert.equal(only.name, 'sampleBy');
  const { svg } = only;
  assert.match(svg, /^<svg [^>]*class="railroad-diagram"/);
  assert.match(svg, /^<svg [^>]*role="img"/);
  assert.match(svg, /^<svg [^>]*aria-label="Syntax of sampleBy"/);
  assert.match(svg, /<title>Syntax of sampleBy<\/title>/);
  assert.match(svg, /<\/svg>\n$/);
  const texts = textNodes(svg);
  for (const word of ['SAMPLE', 'BY', 'FROM', 'TO', 'FILL', '(', ')', ',']) assert.ok(texts.includes(word), `missing keyword ${word}`);
  for (const name of ['n', 'unit', 'lowerBound', 'upperBound', 'fillOption']) assert.ok(texts.includes(name), `missing placeholder ${name}`);
  // Keywords use the package's Terminal, placeholders its NonTerminal.
  assert.match(svg, /<g class="terminal">\n(?:<path[^>]*><\/path>\n)*<rect [^>]*rx="10"[^>]*><\/rect>\n<text[^>]*>SAMPLE<\/text>/);
  assert.match(svg, /<g class="non-terminal">\n(?:<path[^>]*><\/path>\n)*<rect [^>]*><\/rect>\n<text[^>]*>lowerBound<\/text>/);
  // `fillOption ( ',' fillOption )*` folds into one loop, so fillOption is drawn once.
  assert.equal(texts.filter((t) => t === 'fillOption').length, 1);
});

test('long sequences wrap to stay within ~800px', () => {
  const [d] = diagrams(SAMPLE_BY);
  const width = Number(/width="(\d+(?:\.\d+)?)"/.exec(d!.svg)?.[1]);
  assert.ok(width > 0 && width <= 800, `width ${width}`);
});

test('multiple rules render one diagram each, in order, with their names', () => {
  const out = diagrams(`
    orderBy ::= 'ORDER' 'BY' column ( 'ASC' | 'DESC' )?
      ( ',' column ( 'ASC' | 'DESC' )? )*
    limit ::= 'LIMIT' n ( ',' m )?
  `);
  assert.deepEqual(out.map((d) => d.name), ['orderBy', 'limit']);
  assert.match(out[0]!.svg, /aria-label="Syntax of orderBy"/);
  assert.ok(textNodes(out[0]!.svg).includes('DESC'));
  assert.match(out[1]!.svg, /aria-label="Syntax of limit"/);
  assert.ok(textNodes(out[1]!.svg).includes('LIMIT'));
});

test('parser builds the expected AST', () => {
  const [rule] = parseEbnf("r ::= 'A' b? | ( c | ) d+ /* note */ e*");
  assert.deepEqual(rule, {
    name: 'r',
    line: 1,
    column: 1,
    source: "r ::= 'A' b? | ( c | ) d+ /* note */ e*",
    body: {
      kind: 'choice',
      options: [
        { kind: 'sequence', items: [{ kind: 'terminal', text: 'A' }, { kind: 'repeat', op: '?', item: { kind: 'nonTerminal', name: 'b' } }] },
        {
          kind: 'sequence',
          items: [
            { kind: 'choice', options: [{ kind: 'nonTerminal', name: 'c' }, { kind: 'empty' }] },
            { kind: 'repeat', op: '+', item: { kind: 'nonTerminal', name: 'd' } },
            { kind: 'repeat', op: '*', item: { kind: 'nonTerminal', name: 'e' } },
          ],
        },
      ],
    },
  });
});

test('names may hold letters, digits, _, - and .', () => {
  const [rule] = parseEbnf('r ::= table.col_1 time-unit');
  assert.deepEqual(rule?.body, {
    kind: 'sequence',
    items: [{ kind: 'nonTerminal', name: 'table.col_1' }, { kind: 'nonTerminal', name: 'time-unit' }],
  });
  // The package would write `_` as &#95;; names must stay searchable.
  assert.ok(textNodes(diagrams('r ::= table.col_1')[0]!.svg).includes('table.col_1'));
});

test('an empty alternative renders as a skip line', () => {
  const [withSkip] = diagrams("r ::= x ( 'A' | ) y");
  const [without] = diagrams("r ::= x 'A' y");
  // The skip adds a bypass path above 'A', so there are more paths and the diagram is taller.
  const count = (svg: string) => svg.split('<path').length;
  const height = (svg: string) => Number(/height="(\d+)"/.exec(svg)?.[1]);
  assert.ok(count(withSkip!.svg) > count(without!.svg));
  assert.ok(height(withSkip!.svg) > height(without!.svg));
  assert.ok(textNodes(withSkip!.svg).includes('A'));
});

test('a character class renders as a terminal showing the class', () => {
  const [d] = diagrams('ident ::= [a-z_] [a-z0-9_]* | \'"\' [^"]+ \'"\'');
  const texts = textNodes(d!.svg);
  assert.ok(texts.includes('[a-z_]'));
  assert.ok(texts.includes('[a-z0-9_]'));
  assert.ok(texts.includes('[^&quot;]'));
  assert.match(d!.svg, /<g class="terminal char-class">/);
});

test('text is escaped: no raw < or & inside text nodes', () => {
  const [d] = diagrams(`cmp ::= a ( '<' | '<=' | '&' | '>' ) b`);
  const texts = textNodes(d!.svg);
  assert.ok(texts.includes('&lt;'));
  assert.ok(texts.includes('&lt;='));
  assert.ok(texts.includes('&amp;'));
  assert.ok(texts.includes('&gt;'));
  for (const t of texts) {
    assert.doesNotMatch(t, /</);
    assert.doesNotMatch(t, /&(?!(?:lt|gt|amp|quot);)/);
  }
  // The accessible description carries the source, escaped too.
  assert.match(d!.svg, /<desc>cmp ::= a \( '&lt;' \| '&lt;=' \| '&amp;' \| '&gt;' \) b<\/desc>/);
});

test('output is deterministic', () => {
  const source = `${SAMPLE_BY}\nident ::= [a-z_] [a-z0-9_]*`;
  assert.deepEqual(renderRailroad(source), renderRailroad(source));
  assert.equal(JSON.stringify(renderRailroad(source)), JSON.stringify(renderRailroad(source)));
});

test('syntax errors carry line, column and a fix', async (t) => {
  const cases: { name: string; source: string; line: number; column: number; fix?: RegExp }[] = [
    { name: 'empty source', source: '  \n /* only a comment */ \n', line: 1, column: 1, fix: /rule/ },
    { name: 'no ::= at all', source: "'SAMPLE' 'BY' n", line: 1, column: 1, fix: /Start each rule with `name ::=`/ },
    { name: 'name without ::=', source: "sampleBy 'SAMPLE'", line: 1, column: 10, fix: /Start each rule with `name ::=`/ },
    { name: 'unclosed group', source: "r ::= 'A'\n  ( 'B' ( 'C' )\n", line: 2, column: 3, fix: /Close the group with '\)'/ },
    { name: 'unmatched )', source: "r ::= 'A' ) 'B'", line: 1, column: 11, fix: /Remove this '\)'/ },
    { name: 'unterminated string', source: "r ::= 'A'\n  'B c", line: 2, column: 3, fix: /Close the quoted keyword with a matching quote/ },
    { name: 'string ends at newline', source: 'r ::= "A\n"', line: 1, column: 7, fix: /matching quote/ },
    { name: 'unterminated class', source: 'r ::= [a-z', line: 1, column: 7, fix: /']'/ },
    { name: 'unterminated comment', source: "r ::= 'A' /* oops\n 'B'", line: 1, column: 11, fix: /\*\// },
    { name: 'unexpected character', source: "r ::= 'A' { b }", line: 1, column: 11, fix: /\( \.\.\. \)\*/ },
    { name: 'single colon-equals', source: "r := 'A'", line: 1, column: 3, fix: /::=/ },
    { name: 'postfix at start', source: "r ::= * 'A'", line: 1, column: 7, fix: /right after the item/ },
    { name: 'postfix after |', source: "r ::= 'A' | + 'B'", line: 1, column: 13 },
    { name: 'postfix in empty group', source: "r ::= ( ? )", line: 1, column: 9 },
    { name: 'duplicate rule', source: "r ::= 'A'\ns ::= 'B'\n  r ::= 'C'", line: 3, column: 3, fix: /unique name/ },
    { name: 'empty rule body', source: 'r ::=\ns ::= x', line: 1, column: 3, fix: /after `::=`/ },
    { name: 'stray ::=', source: "r ::= 'A' ::= 'B'", line: 1, column: 11 },
  ];
  for (const c of cases) {
    await t.test(c.name, () => {
      const err = failure(c.source);
      assert.deepEqual({ line: err.line, column: err.column }, { line: c.line, column: c.column }, err.message);
      if (c.fix) assert.match(err.fix, c.fix);
    });
  }
});

test('duplicate rule message points back at the first definition', () => {
  assert.throws(() => parseEbnf("r ::= 'A'\nr ::= 'B'"), (err: unknown) => {
    assert.ok(err instanceof EbnfSyntaxError);
    assert.match(err.message, /line 1/);
    assert.equal(err.line, 2);
    return true;
  });
});

test('renderRailroad never throws on junk input', () => {
  for (const junk of ['', ')))', '::=', "'", '[', '/*', 'a ::= (((((', '\u0000', 'a ::= b\r\nc ::= d']) {
    assert.doesNotThrow(() => renderRailroad(junk));
  }
  assert.deepEqual(diagrams('a ::= b\r\nc ::= d').map((d) => d.name), ['a', 'c']);
});

test('a rule may span lines, and a block may hold several rules', () => {
  const rules = parseEbnf("first ::= 'A'\n  'B'\nsecond ::= first\n  | 'C'");
  assert.deepEqual(rules.map((r) => r.name), ['first', 'second']);
  assert.deepEqual(rules[0]?.body, { kind: 'sequence', items: [{ kind: 'terminal', text: 'A' }, { kind: 'terminal', text: 'B' }] });
});

test('comments are ignored', () => {
  assert.deepEqual(parseEbnf("r ::= /* keyword */ 'A'")[0]?.body, { kind: 'terminal', text: 'A' });
});

test('every construct parses to the expected node kind', () => {
  const [rule] = parseEbnf("r ::= 'A' ( b | 'C' )+ d? e* [a-z] ( 'F' | )");
  assert.equal(rule?.body.kind, 'sequence');
  if (rule?.body.kind !== 'sequence') return;
  assert.deepEqual(rule.body.items.map((i) => i.kind), ['terminal', 'repeat', 'repeat', 'repeat', 'charClass', 'choice']);
});

test('a long run of keywords wraps instead of growing past ~800px', () => {
  const long = "r ::= 'ALPHA' 'BRAVO' 'CHARLIE' 'DELTA' 'ECHO' 'FOXTROT' 'GOLF' 'HOTEL' 'INDIA' 'JULIET' 'KILO' 'LIMA'";
  const [d] = diagrams(long);
  const width = Number(/width="(\d+(?:\.\d+)?)"/.exec(d!.svg)?.[1]);
  assert.ok(width <= 800, `diagram is ${width}px wide`);
  assert.equal(textNodes(d!.svg).length, 12);
});

test('a semicolon is reported where it stands', () => {
  const err = failure("r ::= 'A' ; 'B'");
  assert.deepEqual([err.line, err.column], [1, 11]);
  assert.match(err.fix, /;/);
});

test('parseEbnf throws the typed error for an unclosed group', () => {
  assert.throws(() => parseEbnf('r ::= ('), EbnfSyntaxError);
  const err = failure("select ::= 'SELECT' ( column");
  assert.deepEqual([err.line, err.column], [1, 21]);
  assert.match(err.message, /never closed/);
});
