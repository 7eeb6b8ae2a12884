/** The real site built in memory, and the search engine over the index it emits for the browser. */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { buildAll } from '../../src/pipeline/build.ts';
import { SearchEngine, recordsFromIndex } from '../../src/shared/search/engine.ts';
import type { ContentIndexFile, HeadingsIndexFile } from '../../src/shared/search/types.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function realSiteSearch(): Promise<{ engine: SearchEngine; headings: HeadingsIndexFile }> {
  const { outputs } = await buildAll({ root: ROOT, write: false });
  const read = (path: string) => {
    const f = outputs.find((o) => o.path === path);
    assert.ok(f && 'contents' in f, `${path} was not built`);
    return JSON.parse(String(f.contents)) as unknown;
  };
  const headings = read('search/headings.json') as HeadingsIndexFile;
  return { engine: new SearchEngine(recordsFromIndex(headings, read('search/content.json') as ContentIndexFile)), headings };
}
