/**
 * Finds what a page states about client configuration-string options and compares it with the
 * client option matrix (content/data/client-options.json):
 *
 * - a default: a number next to a key in backticks (`retry_timeout` (10 seconds)), or a name
 *   length ("127 characters") in a sentence about names; it must be the default of every
 *   client the statement is about, in the same unit;
 * - a key used in a configuration string (in code or inline code): the client must accept it,
 *   on that transport, with that value;
 * - a statement about every client ("all clients", a row of the configuration-string key
 *   tables that names no client): every client must accept the key.
 *
 * Which clients a statement is about: the clients of the page (matrix `pages`), or for pages
 * about all clients the clients the sentence names, else all of them.
 */
import type { ClientOptions, OptionCell, Transport } from '../../src/pipeline/compile/client-options-data.ts';
import { defaultsOf } from '../../src/pipeline/compile/client-options-data.ts';

export interface Finding { file: string; line: number; key: string; client: string; says: string; matrix: string }

interface Segment { text: string; offset: number; table: boolean; inline?: boolean }
interface Quantity { value: number; unit: string; text: string; at: number }

/** Client names as a sentence writes them; "Rust core" names the four clients built on it. */
const CLIENT_NAMES: Array<[RegExp, string[]]> = [
  [/\bRust core\b/, ['c', 'cpp', 'rust', 'python']],
  [/\bPython\b/, ['python']],
  [/(^|[^\w.])C(?![+#\w])/, ['c']],
  [/\bC\+\+/, ['cpp']],
  [/\bRust\b(?! core)/, ['rust']],
  [/\bGo\b/, ['go']],
  [/\bNode\.js\b/, ['nodejs']],
  [/\.NET\b/, ['dotnet']],
  [/\bJava\b/, ['java']],
];

export function namedClients(text: string): Set<string> {
  const out = new Set<string>();
  for (const [re, ids] of CLIENT_NAMES) if (re.test(text)) ids.forEach((id) => out.add(id));
  return out;
}

const UNITS: Array<[RegExp, string, number]> = [
  [/^(KiB\/s)$/, 'bytes/s', 1024],
  [/^(bytes per second|bytes\/s)$/, 'bytes/s', 1],
  [/^MiB$/, 'bytes', 1024 * 1024],
  [/^KiB$/, 'bytes', 1024],
  [/^bytes?$/, 'bytes', 1],
  [/^(ms|milliseconds?)$/, 'ms', 1],
  [/^seconds?$/, 'ms', 1000],
  [/^rows?$/, 'rows', 1],
  [/^characters?$/, 'characters', 1],
  [/^UTF-16 code units$/, 'UTF-16 code units', 1],
];

const QUANTITY = /\ba second has passed\b|`?(?<![\w-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\b`?(?:\s*(KiB\/s|MiB|KiB|bytes per second|bytes\/s|bytes|byte|milliseconds|millisecond|ms|seconds|second|rows|row|characters|character|UTF-16 code units)\b)?/g;

export function quantities(text: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    if (m[0] === 'a second has passed') {
      out.push({ value: 1000, unit: 'ms', text: 'a second', at: m.index! });
      continue;
    }
    const raw = Number(m[1]!.replace(/,/g, ''));
    const unit = UNITS.find(([re]) => re.test(m[2] ?? ''));
    out.push({ value: unit ? raw * unit[2] : raw, unit: unit ? unit[1] : 'bare', text: m[0].trim(), at: m.index! });
  }
  return out;
}

/** The unit class of a key's values (from its cells), or undefined for keys without numeric defaults. */
function keyUnit(matrix: ClientOptions, key: string): string | undefined {
  if (key === 'max_name_len') return 'name';
  for (const cell of matrix.keys.get(key)!.values()) if (cell.unit && typeof defaultsOf(cell)[0] === 'number') return cell.unit;
  return undefined;
}

function fits(keyClass: string, q: Quantity): boolean {
  if (keyClass === 'name') return ['bare', 'bytes', 'characters', 'UTF-16 code units'].includes(q.unit);
  return q.unit === keyClass || q.unit === 'bare';
}

/** Splits a markdown file into prose segments (sentences and table rows) and code (blocks and inline spans). */
export function segments(source: string): { prose: Segment[]; code: Segment[] } {
  const prose: Segment[] = [];
  const code: Segment[] = [];
  const lines = source.split('\n');
  let offset = 0;
  let fence: string | undefined;
  let para: Segment | undefined;
  const flush = () => {
    if (para) for (const s of sentences(para)) prose.push(s);
    para = undefined;
  };
  let frontMatter = lines[0] === '---';
  lines.forEach((line, i) => {
    const here = offset;
    offset += line.length + 1;
    if (frontMatter) {
      if (i > 0 && line === '---') frontMatter = false;
      return;
    }
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (f && f[1]!.startsWith(fence)) fence = undefined;
      else code.push({ text: line, offset: here, table: false });
      return;
    }
    if (f) {
      flush();
      fence = f[1]!;
      return;
    }
    if (line.trim() === '' || /^\s*(#|:::|::\w)/.test(line)) return flush();
    if (line.startsWith('|')) {
      flush();
      prose.push({ text: line, offset: here, table: true });
      return;
    }
    if (/^\s*([-*]|\d+\.)\s/.test(line)) flush();
    if (para) para.text += ' ' + line;
    else para = { text: line, offset: here, table: false };
  });
  flush();
  for (const s of prose) for (const m of s.text.matchAll(/`([^`]+)`/g)) code.push({ text: m[1]!, offset: s.offset + m.index! + 1, table: false, inline: true });
  return { prose, code };
}

function sentences(p: Segment): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  for (const m of p.text.matchAll(/[.!?]\s+(?=[A-Z`(])/g)) {
    out.push({ text: p.text.slice(start, m.index! + 1), offset: p.offset + start, table: false });
    start = m.index! + m[0].length;
  }
  out.push({ text: p.text.slice(start), offset: p.offset + start, table: false });
  return out;
}

/** Maps an offset in the joined paragraph text back to a line number (joined lines add one space, like the newline they replace). */
export function lineAt(source: string, offset: number): number {
  return source.slice(0, Math.max(0, offset)).split('\n').length;
}

function describe(cell: OptionCell): string {
  if (cell.accepted !== 'yes' && cell.default === null) return `key ${cell.accepted}`;
  const d = cell.default;
  const shown = d === null ? 'no default' : typeof d === 'object' ? Object.entries(d).map(([t, v]) => `${v} over ${t}`).join(', ') : String(d);
  return `${cell.accepted === 'yes' ? '' : `key ${cell.accepted}; `}default ${shown}${cell.unit ? ` ${cell.unit}` : ''} (${cell.source})`;
}

export interface PageScope { file: string; clients: string[]; allClients: boolean }

/** Key mentions a segment makes claims for: in a table row only the keys of its first cell. */
function mentionsOf(seg: Segment, matrix: ClientOptions): Array<{ key: string; at: number; unit: string }> {
  const limit = seg.table ? seg.text.indexOf('|', 1) : seg.text.length;
  return [...seg.text.matchAll(/`([a-z_]+)`/g)]
    .filter((m) => m.index! < limit && matrix.keys.has(m[1]!) && keyUnit(matrix, m[1]!))
    .map((m) => ({ key: m[1]!, at: m.index!, unit: keyUnit(matrix, m[1]!)! }));
}

/** What may precede a number in a default cell: other numbers, transports and client names ("`131072` in Go; `65536` in the other clients"). */
const DEFAULT_CELL_WORDS = /^(\s|[,;]|`?\d[\d,]*`?|over|HTTP|TCP|in|the|other|clients|and|except|Python|C\+\+|C|Rust|Go|Node\.js|\.NET|Java)*$/;

/**
 * A number without a unit is a claim only where it reads as a default: it opens a table cell,
 * or "default" stands next to it. Status codes, counts and settings (`0` turns it off) are not.
 */
function claimable(seg: Segment, q: Quantity): boolean {
  if (q.unit !== 'bare') return true;
  if (seg.table) return DEFAULT_CELL_WORDS.test(seg.text.slice(seg.text.lastIndexOf('|', q.at) + 1, q.at));
  return /default/.test(seg.text.slice(Math.max(0, q.at - 30), q.at + q.text.length + 30));
}

/** For each key mention, the nearest fitting quantity on each side, unless another mention is nearer to it. */
function claimsOf(seg: Segment, matrix: ClientOptions): Array<{ key: string; q: Quantity }> {
  const mentions = mentionsOf(seg, matrix);
  const qs = quantities(seg.text).filter((q) => claimable(seg, q));
  if (/\bnames?\b/i.test(seg.text) && !mentions.some((m) => m.key === 'max_name_len')) {
    const q = qs.find((x) => ['characters', 'bytes', 'UTF-16 code units'].includes(x.unit));
    if (q) mentions.push({ key: 'max_name_len', at: q.at, unit: 'name' });
  }
  const out: Array<{ key: string; q: Quantity }> = [];
  for (const m of mentions) {
    const fitting = qs.filter((q) => fits(m.unit, q) && Math.abs(q.at - m.at) <= 120);
    const ownedBy = (q: Quantity) => mentions.filter((o) => fits(o.unit, q)).reduce((a, b) => (Math.abs(a.at - q.at) <= Math.abs(b.at - q.at) ? a : b));
    const before = fitting.filter((q) => q.at < m.at).pop();
    const after = fitting.find((q) => q.at >= m.at);
    const picked = seg.table ? fitting : [before, after];
    for (const q of picked) if (q && ownedBy(q) === m) out.push({ key: m.key, q });
    if (m.key !== 'max_name_len') continue;
    for (const u of seg.text.matchAll(/\bin (bytes|characters|UTF-16 code units)\b/g)) out.push({ key: m.key, q: { value: NaN, unit: u[1]!, text: u[0], at: u.index! } });
  }
  return out;
}

/** Default values and name-length units stated in prose. */
export function checkDefaults(source: string, scope: PageScope, matrix: ClientOptions): Finding[] {
  const findings: Finding[] = [];
  for (const seg of segments(source).prose) {
    const claims = claimsOf(seg, matrix);
    if (claims.length === 0) continue;
    for (const { key, q } of claims) {
      for (const client of scopeOf(clauseAt(seg.text, q.at), seg.table ? cellAt(seg.text, q.at) : seg.text, scope, matrix)) {
        const cell = matrix.keys.get(key)!.get(client)!;
        const problem = valueProblem(cell, q, scope.allClients, transportOf(seg.text, q));
        if (problem) findings.push({ file: scope.file, line: lineAt(source, seg.offset + q.at), key, client, says: `${q.text} (${problem})`, matrix: describe(cell) });
      }
    }
  }
  return findings;
}

function valueProblem(cell: OptionCell, q: Quantity, allClients: boolean, transport?: Transport): string | undefined {
  if (Number.isNaN(q.value)) return unitProblem(cell, q);
  if (allClients && cell.accepted !== 'yes' && cell.default === null) return undefined;
  const defaults = defaultsOf(cell, transport).filter((d): d is number => typeof d === 'number');
  if (defaults.length === 0) return `the client has no such numeric default${transport ? ` over ${transport}` : ''}`;
  if (!defaults.includes(q.value)) return 'another value';
  return unitProblem(cell, q);
}

function unitProblem(cell: OptionCell, q: Quantity): string | undefined {
  if (cell.unit === 'bytes' && q.unit === 'characters') return 'the limit counts bytes, not characters';
  if (cell.unit === 'UTF-16 code units' && q.unit === 'bytes') return 'the limit counts UTF-16 code units, not bytes';
  return undefined;
}

/** The clause around a position: from the previous to the next sentence stop, semicolon or table bar. */
function clauseAt(text: string, at: number): string {
  const stops = [...text.matchAll(/[.;:!?](?=\s)|\|/g)].map((m) => m.index!);
  const start = Math.max(-1, ...stops.filter((i) => i < at));
  const end = Math.min(text.length, ...stops.filter((i) => i >= at));
  return text.slice(start + 1, end);
}

/** "75000 over HTTP, 600 over TCP": the transport a number is given for, if any. */
function transportOf(text: string, q: Quantity): Transport | undefined {
  const m = /^`?\s*(?:\w+\s+)?over (HTTP|TCP)\b/i.exec(text.slice(q.at + q.text.length));
  return m ? (m[1]!.toLowerCase() as Transport) : undefined;
}

/** The table cell of a row that holds a position. */
function cellAt(row: string, at: number): string {
  return row.slice(row.lastIndexOf('|', at) + 1, row.indexOf('|', at) < 0 ? undefined : row.indexOf('|', at));
}

/**
 * The clients a number is stated for: on a client's page, that client; elsewhere the clients its
 * clause names, or for "the other clients" every client the surrounding cell or sentence does not
 * name, or else every client.
 */
function scopeOf(clause: string, context: string, scope: PageScope, matrix: ClientOptions): string[] {
  if (!scope.allClients) return scope.clients;
  const all = matrix.clients.map((c) => c.id);
  if (/\b(the )?other clients\b|\bthe others\b/i.test(clause)) {
    const elsewhere = namedClients(context);
    return all.filter((c) => !elsewhere.has(c));
  }
  const named = namedClients(clause);
  return named.size > 0 ? [...named] : all;
}

const CONF_START = /\b(https?|tcps?)::/g;

/** Keys used in configuration strings in code and inline code: accepted by the page's clients, on that transport, with that value. */
export function checkConfStrings(source: string, scope: PageScope, matrix: ClientOptions): Finding[] {
  const findings: Finding[] = [];
  const { code } = segments(source);
  const blocks = groupBlocks(code);
  for (const block of blocks) {
    const line = lineAt(source, block.at);
    const starts = [...block.text.matchAll(CONF_START)];
    const isConfSpan = starts.length > 0 || /^[a-z_]+=[^=\s]*;?$/.test(block.text);
    if (!isConfSpan) continue;
    for (const m of block.text.matchAll(/(::|;|^|["'`\s])([a-z][a-z0-9_]*)=([^;"'`\s]*)/g)) {
      const key = m[2]!;
      const strongContext = m[1] === '::' || m[1] === ';';
      if (!matrix.keys.has(key)) {
        if (strongContext) findings.push({ file: scope.file, line, key, client: 'any', says: `${key}= in a configuration string`, matrix: 'not a key of any client' });
        continue;
      }
      const before = starts.filter((s) => s.index! < m.index!).pop();
      const transport: Transport | undefined = before ? (before[1]!.startsWith('http') ? 'http' : 'tcp') : undefined;
      const value = m[3]!;
      findings.push(...keyUseProblems(matrix, scope, key, value, transport, line));
    }
  }
  return findings;
}

function keyUseProblems(matrix: ClientOptions, scope: PageScope, key: string, value: string, transport: Transport | undefined, line: number): Finding[] {
  const row = matrix.keys.get(key)!;
  const says = `${key}=${value}${transport ? ` over ${transport}` : ''}`;
  if (scope.allClients) {
    if ([...row.values()].some((c) => c.accepted === 'yes')) return [];
    return [{ file: scope.file, line, key, client: 'all', says, matrix: 'no client accepts this key' }];
  }
  const out: Finding[] = [];
  for (const client of scope.clients) {
    const cell = row.get(client)!;
    const placeholder = value === '' || /[{}<>$.]/.test(value);
    let problem: string | undefined;
    if (cell.accepted !== 'yes') problem = `key ${cell.accepted}`;
    else if (transport && cell.rejected_on?.includes(transport)) problem = `rejected over ${transport}`;
    else if (cell.values && !placeholder && !cell.values.includes(value)) problem = `accepts only ${cell.values.join(', ')}`;
    if (problem) out.push({ file: scope.file, line, key, client, says, matrix: `${problem} (${cell.source})` });
  }
  return out;
}

/** Joins consecutive code lines into blocks, so a configuration string split over two string literals stays one unit. */
function groupBlocks(code: Segment[]): Array<{ text: string; at: number }> {
  const out: Array<{ text: string; at: number; end: number }> = [];
  for (const c of code) {
    const last = out[out.length - 1];
    if (!c.inline && last && last.end === c.offset) {
      last.text += '\n' + c.text;
      last.end = c.offset + c.text.length + 1;
    } else out.push({ text: c.text, at: c.offset, end: c.inline ? -1 : c.offset + c.text.length + 1 });
  }
  return out.map((b) => ({ text: b.text, at: b.at }));
}

const ALL_CLIENTS = /\b(every|each|all)\s+(of the\s+)?(the\s+)?clients?\b/i;
const ACKNOWLEDGED = /some clients|depends on the client|defaults-by-client|not every client/i;

/**
 * Statements about every client: a sentence that says "every client" / "all clients" about a key,
 * and on pages about all clients a key-table row that names no client. Each key must then be
 * accepted by every client, or the statement must name the clients that differ.
 */
export function checkAllClients(source: string, scope: PageScope, matrix: ClientOptions): Finding[] {
  if (!scope.allClients) return [];
  const findings: Finding[] = [];
  for (const seg of segments(source).prose) {
    const keys = seg.table
      ? [...(seg.text.split('|')[1] ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!)
      : ALL_CLIENTS.test(seg.text) ? [...seg.text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!) : [];
    const named = namedClients(seg.text);
    for (const key of keys.filter((k) => matrix.keys.has(k))) {
      if (ACKNOWLEDGED.test(seg.text)) continue;
      for (const [client, cell] of matrix.keys.get(key)!) {
        if (cell.accepted === 'yes' || named.has(client)) continue;
        findings.push({ file: scope.file, line: lineAt(source, seg.offset), key, client, says: seg.table ? 'a key-table row that names no client that differs' : 'a statement about every client', matrix: `key ${cell.accepted} (${cell.source})` });
      }
    }
  }
  return findings;
}
