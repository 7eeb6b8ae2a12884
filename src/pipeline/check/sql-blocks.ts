/** Parses every `questdb-sql` code block of the content with @questdb/sql-parser. */
import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Code } from 'mdast';
import { visit } from '../compile/visit.ts';
import { parseToAst } from '@questdb/sql-parser';
import { parseMarkdown } from '../compile/parse.ts';
import { blankFrontMatter } from '../load/front-matter.ts';
import { parseCodeMeta } from '../compile/code-meta.ts';
import { resolveLanguage } from '../compile/highlight/languages.ts';
import { fillReleaseInCode } from '../compile/plugins/remark-release.ts';
import { FALLBACK_RELEASE, loadSiteData } from '../load/load-data.ts';
import type { ReleaseData } from '../../shared/types.ts';

export interface SqlFailure {
  file: string;
  line: number;
  message: string;
}

export interface SqlCheckResult {
  blocks: number;
  optOuts: number;
  failures: SqlFailure[];
}


/** Checks the SQL blocks of one markdown text; `file` names it in failures. */
export function checkSqlInMarkdown(file: string, markdown: string, release: ReleaseData = FALLBACK_RELEASE): SqlCheckResult {
  const result: SqlCheckResult = { blocks: 0, optOuts: 0, failures: [] };
  visit(parseMarkdown(blankFrontMatter(markdown)), 'code', (node: Code) => {
    if (resolveLanguage(node.lang).id !== 'questdb-sql' || node.lang === 'railroad' || node.lang === 'mermaid') return;
    result.blocks++;
    if (parseCodeMeta(node.meta).noparse) {
      result.optOuts++;
      return;
    }
    const sql = fillReleaseInCode(node.value, release);
    let errors: { message: string; line?: number }[];
    try {
      errors = parseToAst(sql).errors;
    } catch (e) {
      errors = [{ message: (e as Error).message }];
    }
    const first = errors[0];
    if (first) {
      // The block's first line is the one after the opening fence.
      const line = (node.position?.start.line ?? 0) + (first.line ?? 1);
      result.failures.push({ file, line, message: first.message });
    }
  });
  return result;
}

/** Checks every markdown file under content/ (pages, fragments, examples). */
export async function checkSqlBlocks(root: string): Promise<SqlCheckResult> {
  const files = (await fg('content/**/*.md', { cwd: root })).sort();
  const { release } = await loadSiteData(root);
  const total: SqlCheckResult = { blocks: 0, optOuts: 0, failures: [] };
  for (const file of files) {
    const r = checkSqlInMarkdown(file, await readFile(join(root, file), 'utf8'), release);
    total.blocks += r.blocks;
    total.optOuts += r.optOuts;
    total.failures.push(...r.failures);
  }
  return total;
}
