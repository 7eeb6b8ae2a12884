/** Parses every `questdb-sql` code block of the content with @questdb/sql-parser. */
import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { parseToAst } from '@questdb/sql-parser';
import { parseMarkdown } from '../compile/parse.ts';
import { blankFrontMatter } from '../load/front-matter.ts';
import { parseCodeMeta } from '../compile/code-meta.ts';
import { resolveLanguage } from '../compile/highlight/languages.ts';
import { releaseField } from '../compile/plugins/remark-release.ts';
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

const RELEASE_STUB: ReleaseData = { tag_name: '8.3.3', name: '8.3.3', draft: false, prerelease: false, published_at: '2025-05-30T00:00:00Z', html_url: '', body: '', assets: [] };

/** Checks the SQL blocks of one markdown text; `file` names it in failures. */
export function checkSqlInMarkdown(file: string, markdown: string): SqlCheckResult {
  const result: SqlCheckResult = { blocks: 0, optOuts: 0, failures: [] };
  visit(parseMarkdown(blankFrontMatter(markdown)), 'code', (node: Code) => {
    if (resolveLanguage(node.lang).id !== 'questdb-sql' || node.lang === 'railroad' || node.lang === 'mermaid') return;
    result.blocks++;
    if (parseCodeMeta(node.meta).noparse) {
      result.optOuts++;
      return;
    }
    const sql = node.value.replace(/:release\{field=["']?([a-z]+)["']?\}/g, (all, f: string) => releaseField(RELEASE_STUB, f) ?? all);
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
  const total: SqlCheckResult = { blocks: 0, optOuts: 0, failures: [] };
  for (const file of files) {
    const r = checkSqlInMarkdown(file, await readFile(join(root, file), 'utf8'));
    total.blocks += r.blocks;
    total.optOuts += r.optOuts;
    total.failures.push(...r.failures);
  }
  return total;
}
