/**
 * Finds the server.conf keys a page states, and the defaults it gives them: in prose, in
 * markdown tables with a default column, in server.conf code blocks, and in the
 * configuration-table data files. Used by server-config.test.ts, which holds each claim
 * against the data file of QuestDB 8.3.3 keys (content/data/server-config-8.3.3.json).
 */

export interface KeyClaim {
  file: string;
  line: number;
  key: string;
  /** What the page gives as the default, as written; undefined when it only names the key. */
  stated?: string | number | boolean | null;
  where: 'prose' | 'table' | 'code' | 'config-table';
}

/** First segments of server.conf keys. A backticked dotted name starting with one of them is a key. */
const NAMESPACES = [
  'acl', 'binarydata', 'cairo', 'circuit', 'config', 'debug', 'http', 'line', 'log', 'mat', 'metrics',
  'native', 'net', 'pg', 'query', 'ram', 'replication', 'shared', 'table', 'telemetry', 'tls', 'wal',
];
const KEY_BODY = String.raw`(?:${NAMESPACES.join('|')})(?:\.[a-z0-9][A-Za-z0-9_-]*)+`;
/** Names in those namespaces that are files or client objects, not keys. */
const NOT_KEYS = new Set(['log.conf', 'server.conf']);

const MENTION = new RegExp('`(' + KEY_BODY + ')(?:\s?=[^`]*)?`', 'g');

/** A value as a page writes it: one backticked token, or a short phrase up to a bracket or comma. */
const VAL = String.raw`(?:\`([^\`]+)\`|(-?\d[\d,_]*(?:\.\d+)?(?:\s?(?:[KMG]i?B|[kmgKMG]|bytes|ms|seconds?|minutes?|hours?|days?|rows?|characters?|connections?|percent(?: of the RAM)?))?|true|false|[A-Z]{2,}|no [a-z ]{1,20}?limit|none))`;
const k = (key: string) => '`' + key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '`';

/** Sentence shapes that state a key's default, each with the value in group 1 (backticked) or 2. */
function defaultPatterns(key: string): RegExp[] {
  const K = k(key);
  return [
    // `key` (60 seconds by default) / `key` rows (200,000 by default) / `key` (default `2K`)
    new RegExp(K + String.raw`[^.()\`\]]{0,12}\((?:default:?\s*|the default is\s*)` + VAL + String.raw`\)`),
    new RegExp(K + String.raw`[^.()\`\]]{0,12}\(` + VAL + String.raw`,? (?:by|the) default\)`),
    // `key` is `true`, the default / `key` is `true` (the default) / `key` is `true`, which is the default
    new RegExp(K + String.raw` is ` + VAL + String.raw`,? (?:\(|which is )?the default`),
    // `key` defaults to 2 MiB / keeps its default `true`
    new RegExp(K + String.raw` (?:defaults to|keeps its default) ` + VAL + String.raw`(?=[ ,.;)]|$)`),
    // `key` days, 3 by default / `key` allows, 127 characters by default
    new RegExp(K + String.raw`[^.\`]{0,12}, (?:which is )?` + VAL + String.raw` by default`),
    // the server defaults: `key` (256)
    new RegExp(String.raw`defaults?[^.]{0,40}` + K + String.raw` \(` + VAL + String.raw`\)`),
    // The default comes from `key`, which is `true` / The default, from `key`, is 256
    new RegExp(String.raw`[Dd]efault[^.]{0,20}from ` + K + String.raw`,? (?:which is |is )?` + VAL + String.raw`(?=[ ,.;)]|$)`),
  ];
}

/** Parenthesised words that are not a value: "(no byte limit by default)". */
function valueOf(m: RegExpExecArray): string | undefined {
  const v = (m[1] ?? m[2] ?? '').trim();
  return v === '' ? undefined : v;
}

/** Markdown paragraphs joined into one line each, remembering the line each starts on. */
function paragraphs(lines: string[]): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let buf: string[] = [];
  let start = 0;
  let fence = false;
  const flush = () => {
    if (buf.length > 0) out.push({ text: buf.join(' '), line: start });
    buf = [];
  };
  lines.forEach((raw, i) => {
    if (/^\s*(```|~~~)/.test(raw)) { flush(); fence = !fence; return; }
    if (fence) return;
    if (raw.trim() === '' || raw.trimStart().startsWith('|') || raw.startsWith('#')) { flush(); return; }
    if (buf.length === 0) start = i + 1;
    buf.push(raw.trim());
  });
  flush();
  return out;
}

/** Which line of a joined paragraph an offset falls on. */
function lineAt(lines: string[], first: number, text: string, offset: number): number {
  let pos = 0;
  for (let i = first - 1; i < lines.length; i++) {
    pos += lines[i]!.trim().length + 1;
    if (pos > offset) return i + 1;
  }
  return first;
}

function proseClaims(file: string, lines: string[]): KeyClaim[] {
  const out: KeyClaim[] = [];
  for (const p of paragraphs(lines)) {
    for (const m of p.text.matchAll(MENTION)) {
      const key = m[1]!;
      if (NOT_KEYS.has(key)) continue;
      const line = lineAt(lines, p.line, p.text, m.index!);
      let stated: string | undefined;
      for (const re of defaultPatterns(key)) {
        const d = re.exec(p.text);
        if (d && Math.abs(d.index - m.index!) < 80) { stated = valueOf(d); break; }
      }
      out.push(stated === undefined ? { file, line, key, where: 'prose' } : { file, line, key, stated, where: 'prose' });
    }
  }
  return out;
}

function cells(row: string): string[] {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((c) => c.trim());
}

function tableClaims(file: string, lines: string[]): KeyClaim[] {
  const out: KeyClaim[] = [];
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(```|~~~)/.test(lines[i]!)) fence = !fence;
    if (fence || !lines[i]!.trimStart().startsWith('|') || !/^\s*\|?\s*:?-{3,}/.test(lines[i + 1] ?? '')) continue;
    const head = cells(lines[i]!).map((c) => c.replace(/`/g, '').toLowerCase());
    const defCol = head.findIndex((h) => h === 'default' || h.startsWith('default '));
    const valCol = head.indexOf('value');
    const srcCol = head.indexOf('value_source');
    let j = i + 2;
    for (; j < lines.length && lines[j]!.trimStart().startsWith('|'); j++) {
      const row = cells(lines[j]!);
      const keyCell = row.find((c) => new RegExp('^`' + KEY_BODY + '`$').test(c));
      for (const c of row) {
        for (const m of c.matchAll(MENTION)) {
          if (NOT_KEYS.has(m[1]!)) continue;
          const isKeyCell = c === keyCell && c === '`' + m[1] + '`';
          let stated: string | undefined;
          if (isKeyCell && defCol >= 0 && row[defCol] !== undefined) stated = row[defCol]!.replace(/`/g, '').trim();
          if (isKeyCell && valCol >= 0 && srcCol >= 0 && row[srcCol]?.replace(/`/g, '') === 'default') stated = row[valCol]!.replace(/`/g, '').trim();
          out.push(stated === undefined || stated === '' ? { file, line: j + 1, key: m[1]!, where: 'table' } : { file, line: j + 1, key: m[1]!, stated, where: 'table' });
        }
      }
    }
    i = j - 1;
  }
  return out;
}

/** Keys set in server.conf code blocks: the key must exist; the value set is not a default claim. */
function codeClaims(file: string, lines: string[]): KeyClaim[] {
  const out: KeyClaim[] = [];
  let conf = false;
  let fence = false;
  lines.forEach((raw, i) => {
    const open = /^\s*(```|~~~)(.*)$/.exec(raw);
    if (open) {
      fence = !fence;
      conf = fence && /^(ini|properties|conf)\b|server\.conf/.test(open[2]!.trim());
      return;
    }
    if (!conf) return;
    const m = new RegExp('^\\s*#?\\s*(' + KEY_BODY + ')\\s*=').exec(raw);
    if (m && !NOT_KEYS.has(m[1]!)) out.push({ file, line: i + 1, key: m[1]!, where: 'code' });
  });
  return out;
}

/** Every key claim of one markdown file. */
export function markdownClaims(file: string, text: string): KeyClaim[] {
  const lines = text.split('\n');
  return [...proseClaims(file, lines), ...tableClaims(file, lines), ...codeClaims(file, lines)];
}

/** Every key and default of one configuration-table data file, with the line of its key. */
export function configTableClaims(file: string, text: string): KeyClaim[] {
  const data = JSON.parse(text) as { keys: { key: string; default: string | number | boolean | null }[] };
  const lines = text.split('\n');
  return data.keys.map((entry) => {
    const line = lines.findIndex((l) => l.includes(`"key": "${entry.key}"`)) + 1;
    return { file, line, key: entry.key, stated: entry.default, where: 'config-table' as const };
  });
}
