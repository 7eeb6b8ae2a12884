/**
 * What the Node.js client page says about failures, checked against the installed
 * @questdb/nodejs-client run against local listeners on 127.0.0.1: an HTTP listener that
 * answers with a chosen status and a JSON error body, one that closes the socket, and
 * TLS listeners (HTTPS and raw TLS) with a self-signed certificate. Each test observes
 * the client and then checks that the page states what was observed, so neither the
 * page nor the client version can drift without a failure here.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOST = '127.0.0.1';
const PAGE = readFileSync(join(ROOT, 'content/docs/clients/ingest-node.md'), 'utf8');
const TLS_KEY = readFileSync(join(ROOT, 'test/fixtures/tls/localhost.key'));
const TLS_CERT = readFileSync(join(ROOT, 'test/fixtures/tls/localhost.crt'));

// The client is CommonJS without bundled types for this import style.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySender = any;
const { Sender } = createRequire(join(ROOT, 'package.json'))('@questdb/nodejs-client') as {
  Sender: { fromConfig(conf: string, extra?: object): AnySender };
};
const CLIENT_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules/@questdb/nodejs-client/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** The page text with line breaks folded, so a phrase can span two source lines. */
const pageText = PAGE.replace(/\s+/g, ' ');
function pageSays(phrase: string): void {
  assert.ok(pageText.includes(phrase), `clients/ingest-node.md should say: ${phrase}`);
}

/** The same for another page that speaks of the Node.js client. */
function otherPageSays(page: string, phrase: string): void {
  const text = readFileSync(join(ROOT, 'content/docs', page), 'utf8').replace(/\s+/g, ' ');
  assert.ok(text.includes(phrase), `${page} should say: ${phrase}`);
}

async function listen(server: HttpServer | TcpServer): Promise<number> {
  await new Promise<void>((r) => server.listen(0, HOST, r));
  const addr = server.address();
  return typeof addr === 'object' && addr ? addr.port : 0;
}

function close(server: HttpServer | TcpServer): Promise<void> {
  return new Promise((r) => server.close(() => r()));
}

/** An ILP/HTTP listener: records every request body and answers with `status`. */
interface FakeHttp {
  port: number;
  bodies: string[];
  status: number;
  server: HttpServer;
}
async function fakeHttp(): Promise<FakeHttp> {
  const fake = { port: 0, bodies: [] as string[], status: 204, server: undefined as unknown as HttpServer };
  fake.server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fake.bodies.push(Buffer.concat(chunks).toString('utf8'));
      if (fake.status === 204) {
        res.writeHead(204).end();
        return;
      }
      const body = JSON.stringify({ code: 'invalid', message: 'bad line', line: 1, errorId: 'test-1' });
      res.writeHead(fake.status, { 'Content-Type': 'application/json' }).end(body);
    });
  });
  fake.port = await listen(fake.server);
  return fake;
}

const quiet = { log: () => {} };

async function addRow(sender: AnySender, symbol: string, price: number): Promise<void> {
  await sender.table('trades').symbol('symbol', symbol).floatColumn('price', price).at(1n, 'ns');
}

/** The message of the rejection, or null when the promise resolves. */
async function rejection(promise: Promise<unknown>): Promise<Error | null> {
  try {
    await promise;
    return null;
  } catch (e) {
    return e as Error;
  }
}

test('the page describes the installed client version', () => {
  assert.equal(CLIENT_VERSION, '3.0.0');
  pageSays('This page describes version 3.0.0');
});

describe('Node.js client over HTTP, failures', () => {
  let fake: FakeHttp;
  before(async () => {
    fake = await fakeHttp();
  });
  after(() => close(fake.server));

  test('a refused request names the status and nothing after error=', async () => {
    fake.status = 400;
    const sender = Sender.fromConfig(`http::addr=${HOST}:${fake.port};auto_flush=off`, quiet);
    await addRow(sender, 'A', 1);
    const err = await rejection(sender.flush());
    assert.equal(err?.message, 'HTTP request failed, statusCode=400, error=');
    pageSays('`HTTP request failed, statusCode=…, error=`');
    pageSays('nothing follows `error=`');
    otherPageSays('troubleshooting/error-codes.md', 'the Node.js client 3.0.0 gives only the status code');
  });

  test('a 200 answer is a failure too: only 204 succeeds', async () => {
    fake.status = 200;
    const sender = Sender.fromConfig(`http::addr=${HOST}:${fake.port};auto_flush=off`, quiet);
    await addRow(sender, 'A', 1);
    const err = await rejection(sender.flush());
    assert.equal(err?.message, 'HTTP request failed, statusCode=200, error=');
    pageSays('any answer other than `204 No Content` fails the flush');
  });

  for (const copy of ['on', 'off'] as const) {
    test(`copy_buffer=${copy}: rows after a failed flush are ${copy === 'on' ? 'dropped' : 'sent again'}`, async () => {
      fake.bodies.length = 0;
      fake.status = 400;
      const conf = `http::addr=${HOST}:${fake.port};auto_flush=off;copy_buffer=${copy}`;
      const sender = Sender.fromConfig(conf, quiet);
      await addRow(sender, 'A', 1);
      assert.ok(await rejection(sender.flush()));
      fake.status = 204;
      await addRow(sender, 'B', 2);
      assert.equal(await sender.flush(), true);
      const second = fake.bodies[1] ?? '';
      assert.equal(second.includes('symbol=B'), true);
      assert.equal(second.includes('symbol=A'), copy === 'off', `second request: ${second}`);
    });
  }

  test('the page states both copy_buffer outcomes', () => {
    pageSays('By default (`copy_buffer=on`) a flush takes the completed rows out of the buffer');
    pageSays('when the flush fails those rows are gone');
    pageSays('With `copy_buffer=off` the rows leave the buffer only after a successful flush');
    otherPageSays(
      'ingestion-overview.md',
      '| Node.js | Dropped by default; kept and sent with the next flush when `copy_buffer=off` |',
    );
  });

  test('status 500 is retried until retry_timeout, 400 is not', async () => {
    fake.bodies.length = 0;
    fake.status = 500;
    const sender = Sender.fromConfig(`http::addr=${HOST}:${fake.port};auto_flush=off;retry_timeout=200`, quiet);
    await addRow(sender, 'A', 1);
    const err = await rejection(sender.flush());
    assert.equal(err?.message, 'HTTP request failed, statusCode=500, error=');
    assert.ok(fake.bodies.length > 1, `500 should be retried, got ${fake.bodies.length} request(s)`);

    fake.bodies.length = 0;
    fake.status = 400;
    await addRow(sender, 'A', 1);
    assert.ok(await rejection(sender.flush()));
    assert.equal(fake.bodies.length, 1, '400 must not be retried');
    pageSays('the status codes 500, 503, 504, 507, 509, 523, 524, 529 and 599 are retried');
  });
});

describe('Node.js client over HTTP, lost connections', () => {
  test('a connection closed before the answer fails once, without retries', async () => {
    let connections = 0;
    const server = createTcpServer((sock) => {
      connections++;
      sock.once('data', () => sock.destroy());
    });
    const port = await listen(server);
    try {
      const sender = Sender.fromConfig(`http::addr=${HOST}:${port};auto_flush=off;retry_timeout=300`, quiet);
      await addRow(sender, 'A', 1);
      const err = await rejection(sender.flush());
      assert.equal(err?.message, 'socket hang up');
      assert.equal(connections, 1);
      pageSays('a connection closed before the answer (`socket hang up`) is not retried');
    } finally {
      await close(server);
    }
  });

  test('a request without an answer times out with the stated text', async () => {
    const server = createTcpServer((sock) => sock.on('data', () => {}));
    const port = await listen(server);
    try {
      const conf = `http::addr=${HOST}:${port};auto_flush=off;request_timeout=50;retry_timeout=0`;
      const sender = Sender.fromConfig(conf, quiet);
      await addRow(sender, 'A', 1);
      const err = await rejection(sender.flush());
      assert.equal(err?.message, 'HTTP request timeout, no response from server in time');
      pageSays('`HTTP request timeout, no response from server in time`');
    } finally {
      await close(server);
    }
  });
});

describe('Node.js client, TLS certificate checks', () => {
  test('https: tls_verify=unsafe_off accepts a self-signed certificate, on rejects it', async () => {
    const bodies: string[] = [];
    const server = createHttpsServer({ key: TLS_KEY, cert: TLS_CERT }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(204).end();
      });
    });
    const port = await listen(server);
    try {
      const strict = Sender.fromConfig(`https::addr=${HOST}:${port};auto_flush=off`, quiet);
      await addRow(strict, 'A', 1);
      assert.ok(await rejection(strict.flush()), 'a self-signed certificate must fail the check');
      const loose = Sender.fromConfig(`https::addr=${HOST}:${port};auto_flush=off;tls_verify=unsafe_off`, quiet);
      await addRow(loose, 'B', 2);
      assert.equal(await loose.flush(), true);
      assert.equal(bodies.length, 1);
    } finally {
      await close(server);
    }
  });

  test('tcps: unsafe_off still checks, and connect() and flush() resolve while the rows are lost', async () => {
    const received: string[] = [];
    const server = createTlsServer({ key: TLS_KEY, cert: TLS_CERT }, (sock) => {
      sock.on('data', (d: Buffer) => received.push(d.toString('utf8')));
      sock.on('error', () => {});
    });
    server.on('tlsClientError', () => {});
    const port = await listen(server);
    try {
      const logged: string[] = [];
      const log = (level: string, message: unknown) => logged.push(`${level}: ${String(message)}`);
      const loose = Sender.fromConfig(`tcps::addr=${HOST}:${port};auto_flush=off;tls_verify=unsafe_off`, { log });
      assert.equal(await loose.connect(), true);
      await addRow(loose, 'A', 1);
      assert.equal(await loose.flush(), true);
      await new Promise((r) => setTimeout(r, 150));
      assert.deepEqual(received, [], 'the rows must not have reached the server');
      assert.ok(logged.some((l) => l.startsWith('error:')), `the log should get the error: ${logged.join(' | ')}`);
      await loose.close();

      const strict = Sender.fromConfig(`tcps::addr=${HOST}:${port};auto_flush=off`, quiet);
      assert.ok(await rejection(strict.connect()), 'with tls_verify=on, connect() must reject');
      await strict.close();

      pageSays('Over tcps, tls_verify=unsafe_off loses rows without an error');
      pageSays('`connect()` and `flush()` both resolve and the rows never reach the server');
      pageSays('With `tls_verify=on`, the same failure rejects `connect()`');
      otherPageSays('configuration-string.md', 'honours `tls_verify=unsafe_off` over `https` only');
      otherPageSays('operations/tls.md', 'The Node.js client 3.0.0 honours that key only over `https`');
    } finally {
      await close(server);
    }
  });
});
