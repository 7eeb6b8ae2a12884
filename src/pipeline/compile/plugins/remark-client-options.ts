/**
 * `::client-options{src="../data/client-options.json" keys="init_buf_size,max_buf_size"}` — a table
 * of configuration-string keys by client from the client option matrix (see
 * ../client-options-data.ts), so each client's default is stated once, where it was read from the
 * client's code. One row per key (all keys, or those listed in `keys`), one column per client;
 * clients that take their cells from another (C and C++ from the Rust core) share its column.
 * The data file is read through the same path policy as `::config-table`.
 */
import { posix } from 'node:path';
import type { Root, Table, TableRow, TableCell, PhrasingContent } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../visit.ts';
import { report, sourceFileOf } from '../report.ts';
import { readClientOptions, type ClientOptions, type OptionCell } from '../client-options-data.ts';

const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children });
const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });

/** Columns: each client with cells of its own, labelled with every client that shares them. */
function columns(matrix: ClientOptions): Array<{ id: string; label: string }> {
  return matrix.clients
    .filter((c) => c.sameAs === undefined)
    .map((c) => {
      const sharing = matrix.clients.filter((o) => o.sameAs === c.id).map((o) => o.label);
      return { id: c.id, label: [...sharing, c.label].join(', ') };
    });
}

function valueText(value: number | string, unit: string | undefined): PhrasingContent[] {
  return typeof value === 'number' && unit ? [code(String(value)), text(` ${unit}`)] : [code(String(value))];
}

/** What one client does with one key, in a few words and values. */
export function describeCell(c: OptionCell): PhrasingContent[] {
  if (c.accepted === 'rejected') return [text('error')];
  if (c.accepted === 'ignored') return [text(c.default === null ? 'ignored' : 'ignored in the string')];
  if (c.accepted === 'unverified') return [text('not verified')];
  const out: PhrasingContent[] = [];
  const d = c.default;
  if (d === null) out.push(text(c.required ? 'required' : 'no default'));
  else if (typeof d !== 'object') out.push(...valueText(d, c.unit));
  else {
    Object.entries(d).forEach(([transport, v], i) => {
      if (i > 0) out.push(text(', '));
      out.push(...valueText(v, c.unit), text(` over ${transport.toUpperCase()}`));
    });
  }
  if (c.values && c.values.length === 1) out.push(text(', the only value accepted'));
  if (c.rejected_on?.length) out.push(text(`; error over ${c.rejected_on.map((t) => t.toUpperCase()).join(' and ')}`));
  return out;
}

function buildTable(matrix: ClientOptions, keys: string[]): Table {
  const cols = columns(matrix);
  const head: TableRow = { type: 'tableRow', children: [cell([text('Key')]), ...cols.map((c) => cell([text(c.label)]))] };
  const rows: TableRow[] = keys.map((key) => ({
    type: 'tableRow',
    children: [cell([code(key)]), ...cols.map((c) => cell(describeCell(matrix.keys.get(key)!.get(c.id)!)))],
  }));
  return { type: 'table', align: head.children.map(() => null), children: [head, ...rows], data: { hProperties: { className: ['client-options-table'] } } };
}

export default function remarkClientOptions() {
  return (tree: Root, file: VFile) => {
    const ctx = file.data.context!;
    visit(tree, 'leafDirective', (node: LeafDirective, index, parent) => {
      if (node.name !== 'client-options' || !parent || index === undefined) return;
      const src = node.attributes?.src;
      const drop = (message: string, fix: string, severity: 'error' | 'warning' = 'warning') => {
        report(file, node, message, { rule: 'client-options', fix, severity });
        parent.children.splice(index, 1);
        return [SKIP, index] as [typeof SKIP, number];
      };
      if (!src) return drop('`::client-options` needs a `src` attribute.', 'Write `::client-options{src="../data/client-options.json"}`.');
      const path = posix.normalize(posix.join(posix.dirname(sourceFileOf(file, node)), src));
      const outside = ctx.pathProblem(path);
      if (outside) return drop(`The data file ${src} cannot be read: ${outside}.`, 'Keep the client option matrix under content/ and give its path relative to the page.', 'error');
      file.data.dependencies?.add(path);
      const raw = ctx.readText(path);
      if (raw === undefined) return drop(`The data file ${path} does not exist.`, 'Check the path; it is relative to the page.');
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch (e) {
        return drop(`The data file ${path} is not valid JSON: ${(e as Error).message}.`, 'Fix the JSON syntax.');
      }
      const read = readClientOptions(data);
      if ('problem' in read) return drop(`The data file ${path} is not a client option matrix: ${read.problem}.`, 'Give `clients` and `keys` as described in src/pipeline/compile/client-options-data.ts.');
      const wanted = node.attributes?.keys ? node.attributes.keys.split(',').map((k) => k.trim()).filter(Boolean) : [...read.matrix.keys.keys()];
      const unknown = wanted.filter((k) => !read.matrix.keys.has(k));
      if (unknown.length > 0) return drop(`\`::client-options\` lists keys that ${path} does not have: ${unknown.join(', ')}.`, `Use keys of the matrix: ${[...read.matrix.keys.keys()].join(', ')}.`);
      const table = buildTable(read.matrix, wanted);
      table.position = node.position;
      parent.children.splice(index, 1, table);
      return [SKIP, index + 1];
    });
  };
}
