/** The committed mermaid SVG cache: keys, block extraction, reads. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractMermaidBlocks, mermaidKey, readCachedMermaid, MERMAID_CACHE_DIR } from '../../src/pipeline/compile/mermaid/cache.ts';

test('keys ignore editor noise (CRLF, trailing spaces, outer blank lines) but not content', () => {
  const a = mermaidKey('flowchart LR\n  A --> B');
  assert.match(a, /^[0-9a-f]{16}$/);
  assert.equal(mermaidKey('flowchart LR\r\n  A --> B   \n\n'), a);
  assert.notEqual(mermaidKey('flowchart LR\n  A --> C'), a);
});

test('blocks are found with the line of their fence, also inside directives; others are ignored', () => {
  const md = [
    '---', 'title: T', 'description: D', '---', '', // 1-5
    '```mermaid', 'graph TD', '  A-->B', '```', '', // 6-10
    ':::note', '~~~mermaid', 'sequenceDiagram', '~~~', ':::', '', // 11-16
    '```mermaidx', 'not a diagram', '```', '', // 17-20
    '````md', '```mermaid', 'inside a longer fence', '```', '````', // 21-25
  ].join('\n');
  assert.deepEqual(extractMermaidBlocks(md), [
    { source: 'graph TD\n  A-->B', line: 6 },
    { source: 'sequenceDiagram', line: 12 },
  ]);
});

test('cached SVGs are read by key from the cache folder of the given root', async () => {
  const root = await mkdtemp(join(tmpdir(), 'qdb-mermaid-'));
  await mkdir(join(root, MERMAID_CACHE_DIR), { recursive: true });
  const source = 'graph TD\n  X-->Y';
  await writeFile(join(root, MERMAID_CACHE_DIR, `${mermaidKey(source)}.svg`), '<svg id="cached"></svg>');
  assert.equal(readCachedMermaid(source, root), '<svg id="cached"></svg>');
  assert.equal(readCachedMermaid('graph TD\n  Y-->Z', root), undefined);
});
