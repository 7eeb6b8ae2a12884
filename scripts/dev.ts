#!/usr/bin/env tsx
// Writers' watch mode: http://localhost:3000/docs/ with live reload.
// Usage: npm start [-- --port 3000] [-- --root DIR]
import './production-env.ts';
import { resolve } from 'node:path';
import { DevServer } from '../src/pipeline/dev/dev-server.ts';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const started = performance.now();
const server = new DevServer({ root: resolve(opt('--root') ?? '.'), port: Number(opt('--port') ?? process.env.PORT ?? 3000) });
const { url } = await server.start();
console.log(`Watching content/ — open ${url} (ready in ${(performance.now() - started).toFixed(0)} ms)`);
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
