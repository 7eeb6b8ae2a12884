/**
 * The JavaScript entries of the ingestion example catalogue, run as they are shown (their
 * placeholders filled) with the real @questdb/nodejs-client against local listeners that
 * speak the ingestion protocols: ILP over HTTP (/write, basic auth checked), ILP over TCP,
 * TCP with the key-authentication handshake (challenge signed with the example key and
 * verified against its public part) and the same over TLS. Each listener checks the rows
 * it receives. Run against a closed port, an example prints 'Error running example:'.
 */
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillPlaceholders, loadExamples } from '../../src/pipeline/load/load-examples.ts';
import type { ExampleEntry } from '../../src/shared/types.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TLS_DIR = join(ROOT, 'test/fixtures/tls');
const HOST = '127.0.0.1';

interface Listener {
  port: number;
  /** ILP lines received, in order. */
  lines: string[];
  /** What went wrong on the server side (bad auth, bad path…). */
  problems: string[];
  close(): Promise<void>;
}

/** Lines of ILP text, split and kept (a trailing partial line waits for the rest). */
function lineCollector(lines: string[]): (chunk: string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts.filter((l) => l !== ''));
  };
}

async function listen(server: HttpServer | TcpServer): Promise<number> {
  await new Promise<void>((r) => server.listen(0, HOST, r));
  const addr = server.address();
  return typeof addr === 'object' && addr ? addr.port : 0;
}

/** ILP over HTTP: POST /write (or /api/v2/write), optional basic auth, 204 on success. */
async function httpListener(auth?: { user: string; password: string }): Promise<Listener> {
  const lines: string[] = [];
  const problems: string[] = [];
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method !== 'POST' || !['/write', '/api/v2/write'].includes(path)) {
        problems.push(`unexpected ${req.method} ${path}`);
        res.writeHead(404).end();
        return;
      }
      if (auth) {
        const expected = 'Basic ' + Buffer.from(`${auth.user}:${auth.password}`).toString('base64');
        if (req.headers.authorization !== expected) {
          problems.push(`bad authorization header: ${req.headers.authorization ?? '(none)'}`);
          res.writeHead(401).end();
          return;
        }
      }
      lineCollector(lines)(Buffer.concat(chunks).toString('utf8') + '\n');
      res.writeHead(204).end();
    });
  });
  const port = await listen(server);
  return { port, lines, problems, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * ILP over TCP. With a key, the QuestDB handshake comes first: the client sends its key id
 * and a newline, the server answers with a random challenge and a newline, the client
 * sends the base64 ECDSA (P-256, SHA-256) signature of the challenge and a newline.
 */
async function tcpListener(key?: { kid: string; x: string; y: string }, tls = false): Promise<Listener> {
  const lines: string[] = [];
  const problems: string[] = [];
  const sockets = new Set<Socket>();
  const onSocket = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const collect = lineCollector(lines);
    if (!key) {
      socket.on('data', (d: string) => collect(d));
      return;
    }
    const challenge = randomBytes(32).toString('base64url');
    let stage: 'kid' | 'signature' | 'rows' = 'kid';
    let buffered = '';
    socket.on('data', (d: string) => {
      if (stage === 'rows') return collect(d);
      buffered += d;
      let nl: number;
      while (stage !== 'rows' && (nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (stage === 'kid') {
          if (line !== key.kid) problems.push(`unknown key id ${line}`);
          socket.write(challenge + '\n');
          stage = 'signature';
        } else {
          const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: key.x, y: key.y }, format: 'jwk' });
          if (!verify('sha256', Buffer.from(challenge), publicKey, Buffer.from(line, 'base64'))) {
            problems.push('the challenge signature does not verify with the example public key');
            socket.destroy();
            return;
          }
          stage = 'rows';
          if (buffered) collect(buffered);
        }
      }
    });
  };
  const server = tls
    ? createTlsServer({ key: readFileSync(join(TLS_DIR, 'localhost.key')), cert: readFileSync(join(TLS_DIR, 'localhost.crt')) }, onSocket)
    : createTcpServer(onSocket);
  const port = await listen(server);
  return {
    port,
    lines,
    problems,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** Runs an example with its placeholders filled for this host and port. */
async function runExample(entry: ExampleEntry, port: number, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { code, missing } = fillPlaceholders({ ...entry, addr: { host: HOST, port } });
  assert.deepEqual(missing, [], `${entry.file}: placeholders without values`);
  const dir = await mkdtemp(join(tmpdir(), 'qdb-example-'));
  const file = join(dir, 'example.cjs');
  await writeFile(file, code);
  const childEnv: Record<string, string | undefined> = { ...process.env, NODE_PATH: join(ROOT, 'node_modules'), NODE_EXTRA_CA_CERTS: join(TLS_DIR, 'localhost.crt'), ...env };
  if (!env.QDB_CLIENT_CONF) delete childEnv.QDB_CLIENT_CONF;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], {
      // The example's require() finds the client in this project's node_modules; the TLS listener's certificate is trusted.
      env: childEnv,
      timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (c) => resolve({ code: c, stdout, stderr }));
  });
}

/** Every received line is a row of `trades` with the two symbols, the two doubles and a timestamp. */
function assertTradesRows(lines: string[], file: string): void {
  assert.ok(lines.length >= 1, `${file}: no rows received`);
  for (const line of lines) {
    const m = /^trades,symbol=[^, ]+,side=[^, ]+ price=-?\d+(\.\d+)?(e-?\d+)?,amount=-?\d+(\.\d+)?(e-?\d+)? (\d+)$/.exec(line);
    assert.ok(m, `${file}: unexpected row ${JSON.stringify(line)}`);
    // A designated timestamp of this century, in nanoseconds.
    const ts = BigInt(m[5]!);
    assert.ok(ts > 1_600_000_000_000_000_000n && ts < 4_000_000_000_000_000_000n, `${file}: timestamp ${ts} is not in nanoseconds of today`);
  }
}

/** Runs an example against a listener: it exits 0, the listener saw no problem and received good rows. */
async function runAgainst(entry: ExampleEntry, listener: Listener): Promise<void> {
  try {
    const r = await runExample(entry, listener.port);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(listener.problems, []);
    assertTradesRows(listener.lines, entry.file);
  } finally {
    await listener.close();
  }
}

describe('the JavaScript ingestion examples', () => {
  let entries: ExampleEntry[] = [];
  before(async () => {
    const catalogue = await loadExamples(ROOT);
    assert.deepEqual(catalogue.diagnostics, []);
    entries = [...catalogue.entries.values()].filter((e) => e.language === 'javascript');
  });

  const entry = (kind: string) => {
    const e = entries.find((x) => x.kind === kind);
    assert.ok(e, `content/examples/${kind}/javascript.md is missing`);
    return e;
  };

  test('the catalogue has a JavaScript entry for every kind, each with the 4096-byte buffer', () => {
    for (const kind of ['ilp', 'ilp-auth', 'ilp-auth-tls', 'ilp-from-conf', 'ilp-http', 'ilp-http-auth']) {
      assert.match(entry(kind).code, /init_buf_size=4096/, kind);
    }
  });

  for (const [kind, make, protocolPort] of [
    ['ilp-http', () => httpListener(), 9000],
    ['ilp-http-auth', () => httpListener({ user: 'admin', password: 'quest' }), 9000],
    ['ilp', () => tcpListener(), 9009],
    ['ilp-from-conf', () => httpListener(), 9000],
  ] as const) {
    test(`${kind}: sends its rows to a listener`, async () => {
      const e = entry(kind);
      assert.equal(e.addr?.port, protocolPort, 'the documented port');
      await runAgainst(e, await make());
    });
  }

  test('ilp-from-conf: takes the configuration string from QDB_CLIENT_CONF when it is set', async () => {
    const listener = await tcpListener();
    try {
      const r = await runExample(entry('ilp-from-conf'), 1, { QDB_CLIENT_CONF: `tcp::addr=${HOST}:${listener.port};` });
      assert.equal(r.code, 0, r.stderr);
      assertTradesRows(listener.lines, 'ilp-from-conf with QDB_CLIENT_CONF');
    } finally {
      await listener.close();
    }
  });

  for (const tls of [false, true]) {
    const kind = tls ? 'ilp-auth-tls' : 'ilp-auth';
    test(`${kind}: authenticates with the example key${tls ? ' over TLS' : ''} and sends its rows`, async () => {
      const e = entry(kind);
      assert.ok(e.auth?.x && e.auth.y, 'the entry carries the public key parts');
      await runAgainst(e, await tcpListener({ kid: e.auth.kid, x: e.auth.x!, y: e.auth.y! }, tls));
    });
  }

  test('with nothing listening, each example prints "Error running example:" with the client error and exits 1', async () => {
    // A port that was just free: bind, note it, close.
    const probe = createTcpServer();
    const port = await listen(probe);
    await new Promise<void>((r) => probe.close(() => r()));
    for (const e of entries) {
      const r = await runExample(e, port);
      assert.equal(r.code, 1, `${e.file}: exit code`);
      assert.match(r.stderr, /Error running example: \S/, `${e.file}: ${r.stderr}`);
    }
  });
});

