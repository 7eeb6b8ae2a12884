/**
 * `demo` SQL blocks (the ones with a "Run in Web Console" link) must run on the public demo
 * as they are: one read-only statement that parses, on tables the demo has
 * (`content/data/demo-schema.json`) and only with their columns. Names are read from
 * @questdb/sql-parser's syntax tree: table references, column references (plain or
 * qualified by a table or alias), and the names a query defines itself (CTEs, table and
 * column aliases), which may be used freely.
 *
 * What it cannot know: whether the demo holds rows for a literal (a symbol, a date), and
 * columns a CTE or subquery passes through under their own names are accepted when any
 * table of the query has them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Code } from 'mdast';
import { parseToAst } from '@questdb/sql-parser';
import { visit } from '../compile/visit.ts';
import { parseMarkdown } from '../compile/parse.ts';
import { blankFrontMatter } from '../load/front-matter.ts';
import { parseCodeMeta } from '../compile/code-meta.ts';
import { resolveLanguage } from '../compile/highlight/languages.ts';
import { fillReleaseInCode } from '../compile/plugins/remark-release.ts';
import { FALLBACK_RELEASE } from '../load/load-data.ts';
import type { ReleaseData } from '../../shared/types.ts';

export const DEMO_SCHEMA_FILE = 'content/data/demo-schema.json';

export interface DemoSchema {
  tables: Record<string, { columns: Record<string, string> }>;
}

export interface DemoProblem {
  file: string;
  line: number;
  message: string;
  fix: string;
}

export interface DemoCheckResult {
  blocks: number;
  problems: DemoProblem[];
}

/** Statements that only read. */
const READ_ONLY = new Set(['select', 'explain', 'show']);

type Node = { [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;
const unquote = (name: string) => name.replace(/^["'`]|["'`]$/g, '').toLowerCase();
const partsOf = (q: unknown): string[] => (isNode(q) && Array.isArray(q.parts) ? (q.parts as unknown[]).map((p) => unquote(String(p))) : []);

interface Names {
  tables: Map<string, string>; // alias or name → schema table
  defined: Set<string>; // CTE names, aliases of tables, subqueries and columns
  columns: string[][]; // column references, as parts
  tableRefs: string[]; // referenced table names (not CTEs)
}

function collect(ast: unknown, names: Names, depth = 0): void {
  if (depth > 200 || !isNode(ast)) return;
  if (Array.isArray(ast)) {
    for (const item of ast) collect(item, names, depth + 1);
    return;
  }
  if (ast.type === 'cte' && typeof ast.name === 'string') names.defined.add(unquote(ast.name));
  if ((ast.type === 'selectItem' || ast.type === 'tableRef') && typeof ast.alias === 'string') names.defined.add(unquote(ast.alias));
  for (const [key, value] of Object.entries(ast)) {
    if (key === 'table' && isNode(value) && value.type === 'qualifiedName') {
      const parts = partsOf(value);
      const name = parts[parts.length - 1] ?? '';
      names.tableRefs.push(name);
      names.tables.set(name, name);
      if (typeof ast.alias === 'string') names.tables.set(unquote(ast.alias), name);
      continue;
    }
    if (isNode(value) && value.type === 'qualifiedName') {
      names.columns.push(partsOf(value));
      continue;
    }
    collect(value, names, depth + 1);
  }
}

/** The problems of one demo query (empty when it can run on the demo). */
export function demoQueryProblems(sql: string, schema: DemoSchema): string[] {
  let result: { ast: unknown[]; errors: { message: string }[] };
  try {
    result = parseToAst(sql) as typeof result;
  } catch (e) {
    return [`it does not parse: ${(e as Error).message}`];
  }
  if (result.errors.length > 0) return [`it does not parse: ${result.errors[0]!.message}`];
  if (result.ast.length !== 1) return [`it holds ${result.ast.length} statements; a demo block runs one`];
  const statement = result.ast[0] as Node;
  if (!READ_ONLY.has(String(statement.type))) return [`it is a ${String(statement.type).toUpperCase()} statement; the demo is read-only (SELECT, WITH, EXPLAIN, SHOW)`];
  const names: Names = { tables: new Map(), defined: new Set(), columns: [], tableRefs: [] };
  collect(statement, names);
  const known = new Map(Object.entries(schema.tables).map(([t, v]) => [t.toLowerCase(), new Set(Object.keys(v.columns).map((c) => c.toLowerCase()))]));
  const problems: string[] = [];
  const used = new Set<string>();
  for (const t of names.tableRefs) {
    if (names.defined.has(t)) continue;
    if (!known.has(t)) problems.push(`unknown table \`${t}\` (the demo has ${[...known.keys()].join(', ')})`);
    else used.add(t);
  }
  const usedColumns = new Set([...used].flatMap((t) => [...known.get(t)!]));
  for (const parts of names.columns) {
    const column = parts[parts.length - 1]!;
    if (parts.length >= 2) {
      const table = names.tables.get(parts[parts.length - 2]!);
      const columns = table ? known.get(table) : undefined;
      if (columns && !columns.has(column)) problems.push(`unknown column \`${parts.join('.')}\` (${table} has ${[...columns].join(', ')})`);
      continue;
    }
    if (!usedColumns.has(column) && !names.defined.has(column)) {
      problems.push(`unknown column \`${column}\` (tables used: ${[...used].join(', ') || 'none of the demo'})`);
    }
  }
  return [...new Set(problems)];
}

/** Checks the demo blocks of one markdown text. */
export function checkDemoBlocksIn(file: string, markdown: string, schema: DemoSchema, release: ReleaseData = FALLBACK_RELEASE): DemoCheckResult {
  const result: DemoCheckResult = { blocks: 0, problems: [] };
  visit(parseMarkdown(blankFrontMatter(markdown)), 'code', (node: Code) => {
    const meta = parseCodeMeta(node.meta);
    if (!meta.demo) return;
    result.blocks++;
    const line = node.position?.start.line ?? 0;
    if (resolveLanguage(node.lang).id !== 'questdb-sql') {
      result.problems.push({ file, line, message: '`demo` on a block that is not SQL', fix: 'Remove `demo`: only `questdb-sql` blocks run in the Web Console.' });
      return;
    }
    if (meta.noparse) {
      result.problems.push({ file, line, message: '`demo` together with `noparse`', fix: 'A block the parser cannot check cannot be promised to run on the demo: remove `demo`.' });
      return;
    }
    for (const message of demoQueryProblems(fillReleaseInCode(node.value, release), schema)) {
      result.problems.push({ file, line, message, fix: `Use only the tables and columns of ${DEMO_SCHEMA_FILE}, or remove \`demo\` from the block.` });
    }
  });
  return result;
}

/** Checks every markdown file under content/. */
export async function checkDemoBlocks(root: string, files: string[], release: ReleaseData = FALLBACK_RELEASE): Promise<DemoCheckResult> {
  const schema = JSON.parse(await readFile(join(root, DEMO_SCHEMA_FILE), 'utf8')) as DemoSchema;
  const total: DemoCheckResult = { blocks: 0, problems: [] };
  for (const file of files) {
    const r = checkDemoBlocksIn(file, await readFile(join(root, file), 'utf8'), schema, release);
    total.blocks += r.blocks;
    total.problems.push(...r.problems);
  }
  return total;
}
