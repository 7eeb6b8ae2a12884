/** The content checker: questdb-sql blocks parse or opt out with noparse. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSqlInMarkdown } from '../../src/pipeline/check/sql-blocks.ts';

const page = `---
title: T
description: D
---

Valid:

\`\`\`questdb-sql
SELECT symbol, avg(price) FROM trades SAMPLE BY 1h;
\`\`\`

No language is questdb-sql too:

\`\`\`
SELEC price FROM trades;
\`\`\`

::::tabs
:::tab{label="A"}
\`\`\`questdb-sql
SELECT * FROM trades WHERE;
\`\`\`
:::
::::

\`\`\`questdb-sql noparse
SELECT <column> FROM <table>;
\`\`\`

\`\`\`python
SELECT this is python
\`\`\`
`;

test('reports each failing block with the file line of the error', () => {
  const r = checkSqlInMarkdown('content/docs/x.md', page);
  assert.equal(r.blocks, 4);
  assert.equal(r.optOuts, 1);
  assert.deepEqual(r.failures.map((f) => `${f.file}:${f.line}`), ['content/docs/x.md:15', 'content/docs/x.md:21']);
  for (const f of r.failures) assert.ok(f.message.length > 0);
});

test('the release directive in SQL is filled in before parsing', () => {
  const r = checkSqlInMarkdown('x.md', "```questdb-sql\nSELECT ':release{field=\"tag\"}' AS v;\n```\n");
  assert.deepEqual(r.failures, []);
});
