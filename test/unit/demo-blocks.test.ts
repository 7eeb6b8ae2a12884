/** `demo` SQL blocks must run on the public demo as they are (src/pipeline/check/demo-blocks.ts). */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkDemoBlocksIn, demoQueryProblems, DEMO_SCHEMA_FILE, type DemoSchema } from '../../src/pipeline/check/demo-blocks.ts';

const schema = JSON.parse(readFileSync(new URL(`../../${DEMO_SCHEMA_FILE}`, import.meta.url), 'utf8')) as DemoSchema;
const ok = (sql: string) => assert.deepEqual(demoQueryProblems(sql, schema), [], sql);
const bad = (sql: string, re: RegExp) => {
  const problems = demoQueryProblems(sql, schema);
  assert.ok(problems.some((p) => re.test(p)), `${sql}: ${JSON.stringify(problems)}`);
};

describe('demo queries', () => {
  test('the schema lists the demo trades table as our sample schema', () => {
    assert.deepEqual(Object.keys(schema.tables.trades!.columns).sort(), ['amount', 'price', 'side', 'symbol', 'timestamp']);
  });

  test('known tables and columns, aliases, CTEs, subqueries, joins and functions pass', () => {
    ok('SELECT timestamp, symbol, price FROM trades LATEST ON timestamp PARTITION BY symbol;');
    ok('SELECT t.symbol, t.price * t.amount AS notional FROM trades t WHERE t.side = \'buy\' ORDER BY notional DESC LIMIT 5;');
    ok('WITH hourly AS (SELECT timestamp, sum(amount) AS volume FROM trades SAMPLE BY 1h) SELECT * FROM hourly WHERE volume > 10;');
    ok('SELECT * FROM (SELECT symbol, count() AS n FROM trades) WHERE n > 1000;');
    ok('SELECT t.timestamp, c.bid_price FROM trades t ASOF JOIN core_price c ON (symbol);');
    ok('EXPLAIN SELECT * FROM trades WHERE timestamp IN \'2025-05-30\';');
    ok('SHOW COLUMNS FROM trades;');
    ok('SELECT round(1234.5678, 2) AS two_decimals;');
    ok("DECLARE @sym := 'BTC-USDT' SELECT timestamp, price FROM trades WHERE symbol = @sym;");
  });

  test('a string literal that looks like a column name is not a column', () => {
    ok("SELECT count() FROM trades WHERE symbol = 'bid_price';");
  });

  test('unknown tables and columns are named, with what the demo has', () => {
    bad('SELECT * FROM quotes;', /unknown table `quotes`/);
    bad('SELECT symbol, volume FROM trades;', /unknown column `volume` \(tables used: trades\)/);
    bad('SELECT t.volume FROM trades t;', /unknown column `t\.volume` \(trades has symbol, side, price, amount, timestamp\)/);
    bad('SELECT bid_price FROM trades;', /unknown column `bid_price`/);
  });

  test('only one read-only statement that parses', () => {
    bad('INSERT INTO trades VALUES (\'BTC-USDT\', \'buy\', 1.0, 1.0, now());', /INSERT statement; the demo is read-only/);
    bad('DROP TABLE trades;', /read-only|does not parse/);
    bad('SELECT 1; SELECT 2;', /2 statements/);
    bad('SELEC * FROM trades;', /does not parse/);
  });

  test('in markdown: noparse with demo, demo on a non-SQL block, and a good block', () => {
    const md = ['```questdb-sql demo noparse', 'SELECT 1;', '```', '', '```bash demo', 'echo hi', '```', '', '```questdb-sql title="Good" demo', 'SELECT count() FROM trades;', '```', '', '```questdb-sql', 'SELECT * FROM quotes;', '```', ''].join('\n');
    const r = checkDemoBlocksIn('x.md', md, schema);
    assert.equal(r.blocks, 3, 'blocks without demo are not counted');
    assert.deepEqual(r.problems.map((p) => [p.line, p.message]), [
      [1, '`demo` together with `noparse`'],
      [5, '`demo` on a block that is not SQL'],
    ]);
  });
});
