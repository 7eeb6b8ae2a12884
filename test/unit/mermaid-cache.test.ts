/** The committed mermaid SVG cache: keys, block extraction, reads. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractMermaidBlocks, mermaidKey, readCachedMermaid, MERMAID_CACHE_DIR } from '../../src/pipeline/compile/mermaid/cache.ts';
import { finalizeMermaidSvg } from '../../src/shared/mermaid-options.ts';

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

test('finished SVGs scale with their container and keep their ids to themselves', () => {
  const raw =
    '<svg id="mermaid-k" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 450px;" viewBox="-50 -10 450 316" role="graphics-document document">' +
    '<line id="actor7"/><g id="root-7"/><line id="actor8"/><path id="mermaid-k-x" marker-end="url(#mermaid-k-x)"/><use href="#actor8"/></svg>';
  const svg = finalizeMermaidSvg(raw);
  assert.match(svg, /^<svg id="mermaid-k" xmlns="http:\/\/www.w3.org\/2000\/svg" style="max-width: 450px;" viewBox="-50 -10 450 316" role="img">/);
  assert.doesNotMatch(svg, /width="/);
  // Renumbered from 0, so the bytes do not depend on what the page rendered before.
  assert.match(svg, /id="mermaid-k-actor0"\/><g id="mermaid-k-root-0"\/><line id="mermaid-k-actor1"/);
  assert.match(svg, /href="#mermaid-k-actor1"/);
  assert.match(svg, /id="mermaid-k-x" marker-end="url\(#mermaid-k-x\)"/);

  const fixed = finalizeMermaidSvg('<svg id="m" width="120" height="80"><g/></svg>');
  assert.equal(fixed, '<svg id="m" viewBox="0 0 120 80" style="max-width: 120px;" role="img"><g/></svg>');
});
