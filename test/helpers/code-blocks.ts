/**
 * Every code block of the site's pages, found as the build finds them (parsed, then each
 * `code` node), for tests that compare two renderings on real code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Code } from 'mdast';
import fg from 'fast-glob';
import { parseMarkdown } from '../../src/pipeline/compile/parse.ts';
import { visit } from '../../src/pipeline/compile/visit.ts';
import { blankFrontMatter } from '../../src/pipeline/load/front-matter.ts';

export interface SiteCodeBlock {
  file: string;
  /** The fence's language word as written (`''` when none). */
  lang: string;
  code: string;
}

export function siteCodeBlocks(root: string): SiteCodeBlock[] {
  const blocks: SiteCodeBlock[] = [];
  for (const file of fg.sync('content/**/*.md', { cwd: root })) {
    const tree = parseMarkdown(blankFrontMatter(readFileSync(join(root, file), 'utf8')));
    visit(tree, 'code', (node: Code) => {
      blocks.push({ file, lang: node.lang ?? '', code: node.value });
    });
  }
  return blocks;
}
