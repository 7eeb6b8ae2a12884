/** The command line of `npm run mcp`. */
import { parseArgs } from 'node:util';

export interface McpOptions {
  /** Serve Streamable HTTP on this port instead of stdio. */
  http?: number;
  host: string;
  site: string;
  baseUrl?: string;
}

export const USAGE = `Usage: npm run mcp [-- --site DIR | --base-url URL] [--http PORT [--host ADDRESS]]
  --site DIR       the built site to read (default: build/)
  --base-url URL   read the published site instead, e.g. https://questdb.com/docs/
  --http PORT      serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (0: any free port)
  --host ADDRESS   the address to listen on with --http (default 127.0.0.1)`;

export function parseMcpArgs(argv: string[]): McpOptions {
  const { values } = parseArgs({
    args: argv,
    options: { site: { type: 'string' }, 'base-url': { type: 'string' }, http: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  if (values.site && values['base-url']) throw new Error('Give --site or --base-url, not both.');
  let http: number | undefined;
  if (values.http !== undefined) {
    http = Number(values.http);
    if (!/^\d+$/.test(values.http) || http > 65535) throw new Error(`--http takes a port number (0–65535), not ${values.http}.`);
  }
  if (values.host && http === undefined) throw new Error('--host goes with --http.');
  return { http, host: values.host ?? '127.0.0.1', site: values.site ?? 'build', baseUrl: values['base-url'] };
}
