/** The offline precache the service worker carries: how many files, raw and gzip bytes, and that records.json is not among them. */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export async function benchPrecache(buildDir: string, label: string): Promise<void> {
  const sw = await readFile(join(buildDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const url of urls) {
    const rel = url.replace(/^\/docs\//, '').replace(/\?.*$/, '');
    const file = join(buildDir, rel);
    raw += (await stat(file)).size;
    gz += gzipSync(await readFile(file)).length;
  }
  const records = urls.some((u) => u.endsWith('search/records.json'));
  console.log(`\noffline precache, ${label}: ${urls.length} files, ${mb(raw)} (gzip ${mb(gz)}); search/records.json ${records ? 'INCLUDED' : 'left out'}`);
}
