/**
 * The client option matrix (content/data/client-options.json): for each configuration-string
 * key and each ingestion client, whether the client accepts it, its default and unit, the
 * transports it applies to, and the source file it was read from. Clients marked `same_as`
 * (C and C++, which are the Rust core behind a C API) take the cells of that client.
 * `readClientOptions` validates the parsed file and returns the expanded matrix, or the first
 * problem, so a page directive can report bad data instead of crashing the build.
 */

export type Acceptance = 'yes' | 'rejected' | 'ignored' | 'unverified';
export type Transport = 'http' | 'tcp';
export type DefaultValue = number | string | null | Partial<Record<Transport, number | string>>;

export interface OptionCell {
  accepted: Acceptance;
  default: DefaultValue;
  unit?: string;
  values?: string[];
  required?: boolean;
  transports: Transport[];
  rejected_on?: Transport[];
  source: string;
  note?: string;
}

export interface ClientInfo {
  id: string;
  label: string;
  repo: string;
  ref: string;
  pages: string[];
  sameAs?: string;
}

export interface ClientOptions {
  clients: ClientInfo[];
  /** key -> client id -> cell, with `same_as` clients expanded. */
  keys: Map<string, Map<string, OptionCell>>;
}

const ACCEPTANCE = new Set(['yes', 'rejected', 'ignored', 'unverified']);
const TRANSPORTS = new Set(['http', 'tcp']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTransportList = (v: unknown): v is Transport[] => Array.isArray(v) && v.every((t) => TRANSPORTS.has(t as string));

function cellProblem(c: unknown): string | undefined {
  if (!isObject(c)) return 'is not an object';
  if (!ACCEPTANCE.has(c.accepted as string)) return '`accepted` must be yes, rejected, ignored or unverified';
  if (!('default' in c)) return 'needs a `default` (null when there is none)';
  const d = c.default;
  const scalar = (x: unknown) => typeof x === 'number' || typeof x === 'string';
  if (!(d === null || scalar(d) || (isObject(d) && Object.entries(d).every(([t, x]) => TRANSPORTS.has(t) && scalar(x))))) {
    return '`default` must be a number, a string, null, or one value per transport (http, tcp)';
  }
  if (!isTransportList(c.transports)) return '`transports` must list http and/or tcp';
  if (c.rejected_on !== undefined && !isTransportList(c.rejected_on)) return '`rejected_on` must list http and/or tcp';
  if (typeof c.source !== 'string' || c.source === '') return 'needs a `source` file';
  if (c.unit !== undefined && typeof c.unit !== 'string') return '`unit` must be text';
  if (c.values !== undefined && !(Array.isArray(c.values) && c.values.every((v) => typeof v === 'string'))) return '`values` must be a list of text';
  return undefined;
}

function readClients(raw: unknown): ClientInfo[] | string {
  if (!isObject(raw)) return '`clients` must be an object of client id -> { label, repo, ref, pages }';
  const out: ClientInfo[] = [];
  for (const [id, c] of Object.entries(raw)) {
    if (!isObject(c) || typeof c.label !== 'string' || typeof c.repo !== 'string' || typeof c.ref !== 'string') {
      return `client ${id} needs a \`label\`, \`repo\` and \`ref\``;
    }
    const pages = Array.isArray(c.pages) ? c.pages.filter((p): p is string => typeof p === 'string') : [];
    out.push({ id, label: c.label, repo: c.repo, ref: c.ref, pages, ...(typeof c.same_as === 'string' ? { sameAs: c.same_as } : {}) });
  }
  for (const c of out) {
    if (c.sameAs !== undefined && !out.some((o) => o.id === c.sameAs && o.sameAs === undefined)) return `client ${c.id}: same_as names ${c.sameAs}, which is not a client with cells of its own`;
  }
  return out;
}

/** Validates the parsed data file; returns the expanded matrix or a description of the first problem. */
export function readClientOptions(data: unknown): { matrix: ClientOptions } | { problem: string } {
  if (!isObject(data)) return { problem: 'it is not a JSON object with `clients` and `keys`' };
  const clients = readClients(data.clients);
  if (typeof clients === 'string') return { problem: clients };
  if (!Array.isArray(data.keys)) return { problem: '`keys` must be a list of { key, cells }' };
  const keys = new Map<string, Map<string, OptionCell>>();
  for (const [i, entry] of data.keys.entries()) {
    if (!isObject(entry) || typeof entry.key !== 'string' || !isObject(entry.cells)) return { problem: `entry ${i + 1} of \`keys\` needs a \`key\` and \`cells\`` };
    if (keys.has(entry.key)) return { problem: `key ${entry.key} is listed twice` };
    const row = new Map<string, OptionCell>();
    for (const client of clients) {
      const cell = entry.cells[client.sameAs ?? client.id];
      if (cell === undefined) return { problem: `key ${entry.key} has no cell for client ${client.sameAs ?? client.id}` };
      const problem = cellProblem(cell);
      if (problem) return { problem: `key ${entry.key}, client ${client.sameAs ?? client.id}: the cell ${problem}` };
      row.set(client.id, cell as OptionCell);
    }
    keys.set(entry.key, row);
  }
  return { matrix: { clients, keys } };
}

/** The default of a cell for one transport, or every distinct value when no transport is given. */
export function defaultsOf(cell: OptionCell, transport?: Transport): Array<number | string> {
  const d = cell.default;
  if (d === null) return [];
  if (typeof d !== 'object') return [d];
  if (transport) return d[transport] === undefined ? [] : [d[transport]!];
  return [...new Set(Object.values(d))];
}
