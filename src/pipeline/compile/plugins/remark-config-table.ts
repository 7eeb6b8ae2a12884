/**
 * `::config-table{src="../configuration-data/http.json"}` — a table of configuration keys
 * from a data file, so each key is described once. The file holds either an array of
 * entries or `{ "keys": [...] }`; an entry is
 *   { "key": "http.net.bind.to", "default": "0.0.0.0:9000", "type": "string",
 *     "description": "Markdown text.", "reloadable": false }
 * Each row gets the key as its id, so `configuration/#http.net.bind.to` links to it.
 */
import { posix } from 'node:path';
import type { Root, Table, TableRow, TableCell, PhrasingContent } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../visit.ts';
import { parseMarkdown } from '../parse.ts';
import { report, sourceFileOf } from '../report.ts';

export interface ConfigEntry {
  key: string;
  default?: string | number | boolean | null;
  type?: string;
  description: string;
  reloadable?: boolean;
}

/** Validates the parsed data file; returns the entries or a description of the first problem. */
export function readConfigEntries(data: unknown): { entries: ConfigEntry[] } | { problem: string } {
  const list = Array.isArray(data) ? data : (data as { keys?: unknown })?.keys;
  if (!Array.isArray(list)) return { problem: 'it holds neither an array of entries nor `{ "keys": [...] }`' };
  const entries: ConfigEntry[] = [];
  for (const [i, e] of list.entries()) {
    const entry = e as Partial<ConfigEntry>;
    if (typeof entry?.key !== 'string' || typeof entry.description !== 'string') {
      return { problem: `entry ${i + 1} needs a \`key\` and a \`description\` as text` };
    }
    entries.push(entry as ConfigEntry);
  }
  return { entries };
}

function cell(children: PhrasingContent[]): TableCell {
  return { type: 'tableCell', children };
}

function phrasing(markdown: string): PhrasingContent[] {
  const root = parseMarkdown(markdown);
  const out: PhrasingContent[] = [];
  for (const block of root.children) {
    if (block.type === 'paragraph') {
      if (out.length > 0) out.push({ type: 'break' });
      out.push(...block.children);
    }
  }
  return out;
}

function buildTable(entries: ConfigEntry[]): Table {
  const hasType = entries.some((e) => e.type);
  const head: TableRow = {
    type: 'tableRow',
    children: [cell([{ type: 'text', value: 'Property' }]), cell([{ type: 'text', value: 'Default' }]), ...(hasType ? [cell([{ type: 'text', value: 'Type' }])] : []), cell([{ type: 'text', value: 'Description' }])],
  };
  const rows: TableRow[] = entries.map((e) => ({
    type: 'tableRow',
    data: { hProperties: { id: e.key } },
    children: [
      cell([{ type: 'inlineCode', value: e.key }]),
      cell(e.default === undefined || e.default === null || e.default === '' ? [{ type: 'text', value: 'none' }] : [{ type: 'inlineCode', value: String(e.default) }]),
      ...(hasType ? [cell(e.type ? [{ type: 'text', value: e.type }] : [])] : []),
      cell([...phrasing(e.description), ...(e.reloadable ? [{ type: 'text', value: ' Reloadable without a restart.' } as PhrasingContent] : [])]),
    ],
  }));
  return { type: 'table', align: head.children.map(() => null), children: [head, ...rows], data: { hProperties: { className: ['config-table'] } } };
}

export default function remarkConfigTable() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.context!;
    visit(tree, 'leafDirective', (node: LeafDirective, index, parent) => {
      if (node.name !== 'config-table' || !parent || index === undefined) return;
      const src = node.attributes?.src;
      const drop = (message: string, fix: string, severity: 'error' | 'warning' = 'warning') => {
        report(file, node, message, { rule: 'config-table', fix, severity });
        parent.children.splice(index, 1);
        return [SKIP, index] as [typeof SKIP, number];
      };
      if (!src) return drop('`::config-table` needs a `src` attribute.', 'Write `::config-table{src="../configuration-data/http.json"}`.');
      const path = posix.normalize(posix.join(posix.dirname(sourceFileOf(file, node)), src));
      const outside = ctx.pathProblem(path);
      if (outside) return drop(`The data file ${src} cannot be read: ${outside}.`, 'Keep configuration data under content/ and give its path relative to the page; nothing outside the repository is ever published.', 'error');
      file.data.dependencies?.add(path);
      const text = ctx.readText(path);
      if (text === undefined) return drop(`The data file ${path} does not exist.`, 'Check the path; it is relative to the page.');
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (e) {
        return drop(`The data file ${path} is not valid JSON: ${(e as Error).message}.`, 'Fix the JSON syntax.');
      }
      const read = readConfigEntries(data);
      if ('problem' in read) return drop(`The data file ${path} is not a configuration table: ${read.problem}.`, 'Give each entry `key`, `default`, `description` (and optionally `type`, `reloadable`).');
      const table = buildTable(read.entries);
      table.position = node.position;
      parent.children.splice(index, 1, table);
      return [SKIP, index + 1];
    });
  };
}
