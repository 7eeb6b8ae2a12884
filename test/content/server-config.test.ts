/**
 * Every server.conf key a page states, and every default it gives one, against the data file
 * of QuestDB 8.3.3 keys (content/data/server-config-8.3.3.json, read from PropertyKey.java,
 * PropServerConfiguration.java and the SHOW PARAMETERS test lists; its header names the
 * commits). Claims come from prose, markdown tables with a default column, server.conf code
 * blocks and the configuration-table data files (server-config-claims.ts finds them).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { configTableClaims, markdownClaims, type KeyClaim } from './server-config-claims.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DATA = 'content/data/server-config-8.3.3.json';

interface KeyEntry {
  default: string | number | boolean | null;
  unit?: 'bytes' | 'ms' | 's' | 'us' | 'ns' | 'days';
  computed?: string;
  nullAllowed?: boolean;
  unsettled?: boolean;
  /** A default that only QuestDB Enterprise applies (a replicating primary), known from its docs alone. */
  enterpriseDefault?: number;
  edition?: 'enterprise';
  evidence: string;
}
type Keys = Record<string, KeyEntry>;

/** Names that look like server keys on a page but are something else there. */
const NOT_SERVER_KEYS: { file: string; key: string; why: string }[] = [
  { file: 'content/docs/deployment/kubernetes.md', key: 'metrics.enabled', why: 'the Helm chart value of that name, whose default is true' },
  { file: 'content/docs/third-party-tools/kafka.md', key: 'tls.validation.mode', why: 'an option of the Kafka connector' },
];

const SIZE_UNITS: Record<string, number> = { k: 1024, kb: 1024, kib: 1024, m: 1048576, mb: 1048576, mib: 1048576, g: 1073741824, gb: 1073741824, gib: 1073741824, b: 1, byte: 1, bytes: 1 };
const TIME_UNITS_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, ms: 1, millisecond: 1, milliseconds: 1, s: 1000, sec: 1000, second: 1000, seconds: 1000, minute: 60000, minutes: 60000, hour: 3600000, hours: 3600000, day: 86400000, days: 86400000 };
const COUNT_WORDS = /^(rows?|characters?|connections?|percent( of the ram)?|transactions?)$/;
const NONE = new Set(['none', 'empty', 'unset', 'no limit', 'null']);

type Stated = { value: string | number | boolean | null } | { descriptive: string };

/** A default as a page writes it, in the unit of the key: `2 MiB`, `16k`, `10 minutes`, `true`, `none`. */
export function normalise(stated: KeyClaim['stated'], entry: Pick<KeyEntry, 'unit'>): Stated {
  if (stated === null || typeof stated === 'number' || typeof stated === 'boolean') return { value: stated };
  let s = String(stated).replace(/`/g, '').trim().replace(/^which is /i, '').replace(/\s*\([^)]*\)$/, '').replace(/:\s.*$/, '').trim();
  const lower = s.toLowerCase();
  if (NONE.has(lower) || /^no [a-z ]*limit$/.test(lower)) return { value: null };
  if (lower === 'true' || lower === 'false') return { value: lower === 'true' };
  if (lower === 'long.max_value') return { value: 9223372036854775807 };
  if (lower === '2^31') return { value: 2 ** 31 };
  const m = /^(-?\d[\d,_]*(?:\.\d+)?)\s*([a-z%][a-z ]*)?$/i.exec(s);
  if (m) {
    const n = Number(m[1]!.replace(/[,_]/g, ''));
    const word = (m[2] ?? '').trim().toLowerCase();
    if (word === '' || COUNT_WORDS.test(word)) return { value: n };
    if (word in SIZE_UNITS) return { value: n * SIZE_UNITS[word]! };
    if (word in TIME_UNITS_MS) {
      const perUnit = entry.unit ? TIME_UNITS_MS[entry.unit]! : 1;
      return { value: Math.round((n * TIME_UNITS_MS[word]!) / perUnit) };
    }
    return { descriptive: s };
  }
  if (/^[\w./:-]+$/.test(s)) return { value: s };
  s = String(stated);
  return { descriptive: s };
}

/** What is wrong with one claim, or undefined when 8.3.3 agrees. */
export function judge(claim: KeyClaim, keys: Keys): string | undefined {
  const entry = keys[claim.key];
  if (!entry) {
    const prefix = Object.keys(keys).some((k) => k.startsWith(claim.key + '.'));
    if (prefix && claim.where === 'prose') return undefined; // a namespace such as `acl.oidc`
    return 'is not a server.conf key of QuestDB 8.3.3 (nor a known Enterprise key)';
  }
  if (claim.stated === undefined) return undefined;
  const got = normalise(claim.stated, entry);
  const has = entry.computed ? `computed by the server: ${entry.computed}` : JSON.stringify(entry.default);
  if ('descriptive' in got) {
    if (!entry.computed && entry.default !== null && /cpu|core|depends|sized/i.test(got.descriptive)) return `says the default is "${got.descriptive}"; 8.3.3 has a fixed default ${has}`;
    return undefined;
  }
  if (got.value === null) return entry.default === null || entry.nullAllowed || entry.computed ? undefined : `says there is no default; 8.3.3 has ${has}`;
  if (got.value === entry.enterpriseDefault) return undefined;
  if (entry.unsettled) return `states ${JSON.stringify(got.value)}, but the 8.3.3 default is not settled from code (${DATA}); drop the default or settle it`;
  if (entry.computed) return `states ${JSON.stringify(got.value)}; 8.3.3 has no fixed default, it is ${has}`;
  const want = typeof entry.default === 'string' && typeof got.value === 'number' ? Number(entry.default) : entry.default;
  if (got.value === want) return undefined;
  return `says ${JSON.stringify(claim.stated)}; 8.3.3 has ${has}`;
}

function allClaims(): KeyClaim[] {
  const out: KeyClaim[] = [];
  for (const f of fg.sync('content/docs/**/*.md', { cwd: ROOT }).sort()) out.push(...markdownClaims(f, readFileSync(ROOT + f, 'utf8')));
  for (const f of fg.sync('content/docs/configuration-data/*.json', { cwd: ROOT }).sort()) out.push(...configTableClaims(f, readFileSync(ROOT + f, 'utf8')));
  return out.filter((c) => !NOT_SERVER_KEYS.some((x) => x.file === c.file && x.key === c.key));
}

const keys = (JSON.parse(readFileSync(ROOT + DATA, 'utf8')) as { keys: Keys }).keys;

test('the data file of 8.3.3 server keys names its sources by commit and an evidence code per key', () => {
  const data = JSON.parse(readFileSync(ROOT + DATA, 'utf8')) as { release: string; read: { sources: string[]; evidence: Record<string, string> } };
  assert.equal(data.release, '8.3.3');
  assert.ok(data.read.sources.some((s) => /questdb\/questdb@[0-9a-f]{40}:.*ServerMainTest\.java/.test(s)), `${DATA}: a pinned source is missing`);
  for (const [key, e] of Object.entries(keys)) assert.ok(e.evidence in data.read.evidence, `${DATA}: ${key} has evidence "${e.evidence}", not one of ${Object.keys(data.read.evidence).join(', ')}`);
});

test('every server key and default that a page states agrees with QuestDB 8.3.3', () => {
  const claims = allClaims();
  assert.ok(claims.length > 500, `only ${claims.length} key claims found: the finder is broken`);
  const wrong = claims.flatMap((c) => {
    const why = judge(c, keys);
    return why ? [`${c.file}:${c.line}: \`${c.key}\` (${c.where}) ${why}`] : [];
  });
  assert.deepEqual(wrong, [], `${wrong.length} server key claims disagree with ${DATA}:\n${wrong.join('\n')}`);
});

test('the finder reads defaults in prose, tables, code blocks and config tables, and the judge catches a wrong one', () => {
  const page = [
    'The limit is `pg.net.connection.limit` (64 by default), and',
    '`query.timeout.sec` defaults to 2 minutes.',
    '',
    '| Key | Default |',
    '| --- | --- |',
    '| `http.send.buffer.size` | 2 MiB |',
    '| `cairo.sql.map.max.pages` | `2^31` |',
    '',
    '```ini title="conf/server.conf"',
    'cairo.no.such.key=1',
    '```',
  ].join('\n');
  const found = markdownClaims('p.md', page);
  const verdicts = found.map((c) => `${c.line} ${c.key} ${judge(c, keys) ?? 'ok'}`);
  assert.deepEqual(verdicts, [
    '1 pg.net.connection.limit ok',
    '2 query.timeout.sec says "2 minutes"; 8.3.3 has 60',
    '6 http.send.buffer.size ok',
    '7 cairo.sql.map.max.pages says "2^31"; 8.3.3 has 2147483647',
    '10 cairo.no.such.key is not a server.conf key of QuestDB 8.3.3 (nor a known Enterprise key)',
  ]);
  const table = configTableClaims('t.json', '{"keys": [\n {"key": "http.net.connection.limit", "default": "16k"}\n]}');
  assert.equal(judge(table[0]!, keys), 'says "16k"; 8.3.3 has 256');
  assert.equal(judge({ ...table[0]!, stated: 256 }, keys), undefined);
});
