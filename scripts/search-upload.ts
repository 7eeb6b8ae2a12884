#!/usr/bin/env tsx
// Replaces the Algolia index's records with build/search/records.json (run `npm run build`
// first), atomically: the official client copies the index settings to a temporary index,
// sends the records there in batches, waits for Algolia to apply them, then moves the
// temporary index over the live one. Searches never see a half-filled index.
//
// Environment: ALGOLIA_APP_ID, ALGOLIA_ADMIN_API_KEY (a key allowed to write; never the
// public search key the site embeds), ALGOLIA_INDEX_NAME; ALGOLIA_HOSTS optionally
// replaces Algolia's hosts (a proxy, or the tests' mock server).
// Usage: npm run search:upload [-- --file PATH] [-- --dry-run]
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import type { SearchRecord } from '../src/shared/search/types.ts';

const args = process.argv.slice(2);
const fileArg = args.indexOf('--file');
const file = resolve(fileArg >= 0 ? args[fileArg + 1]! : 'build/search/records.json');
const dryRun = args.includes('--dry-run');
const BATCH_SIZE = 1000;

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

let records: SearchRecord[];
try {
  records = JSON.parse(await readFile(file, 'utf8')) as SearchRecord[];
} catch (e) {
  fail(`${file} could not be read (${(e as Error).message.split('\n')[0]}). Run \`npm run build\` first.`);
}
if (!Array.isArray(records) || records.some((r) => typeof r?.objectID !== 'string')) fail(`${file} is not a list of search records with objectIDs.`);

const env = process.env;
const indexName = env.ALGOLIA_INDEX_NAME ?? '';
const bytes = Buffer.byteLength(JSON.stringify(records));
const byType = new Map<string, number>();
for (const r of records) byType.set(r.type, (byType.get(r.type) ?? 0) + 1);
const summary = `${records.length} records (${[...byType].map(([t, n]) => `${n} ${t}`).join(', ')}; ${(bytes / 1024).toFixed(0)} KB) in ${Math.ceil(records.length / BATCH_SIZE)} batch(es) of up to ${BATCH_SIZE}`;
if (dryRun) {
  console.log(`Dry run: would replace index "${indexName || '(ALGOLIA_INDEX_NAME unset)'}" with ${summary}.`);
  process.exit(0);
}
if (!indexName) fail('`indexName` is missing. Set ALGOLIA_INDEX_NAME.');

let client: ReturnType<typeof algoliasearch>;
try {
  const hosts = env.ALGOLIA_HOSTS?.split(',').map((h) => h.trim()).filter(Boolean).map((h) => {
    const url = new URL(h);
    return { url: url.host, protocol: url.protocol.replace(':', '') as 'http' | 'https', accept: 'readWrite' as const };
  });
  client = algoliasearch(env.ALGOLIA_APP_ID ?? '', env.ALGOLIA_ADMIN_API_KEY ?? '', hosts && hosts.length > 0 ? { hosts } : undefined);
} catch (e) {
  fail(`${(e as Error).message} Set ALGOLIA_APP_ID and ALGOLIA_ADMIN_API_KEY.`);
}

console.log(`Replacing index "${indexName}" of application ${env.ALGOLIA_APP_ID} with ${summary}…`);
const started = performance.now();
try {
  const result = await client.replaceAllObjects({ indexName, objects: records as unknown as Record<string, unknown>[], batchSize: BATCH_SIZE });
  const sent = result.batchResponses.reduce((n, b) => n + b.objectIDs.length, 0);
  console.log(`Sent ${sent} records in ${result.batchResponses.length} batch(es) to a temporary index, then moved it over "${indexName}" (task ${result.moveOperationResponse.taskID}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (e) {
  const err = e as Error & { status?: number };
  fail(`the upload failed (${err.name}${err.status ? ` ${err.status}` : ''}): ${err.message}. The live index changes only in the last step (the move), so unless that step was reached it still holds the previous records.`);
}
