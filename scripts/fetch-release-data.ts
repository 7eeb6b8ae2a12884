#!/usr/bin/env tsx
// Refreshes content/data/release.json and repository.json from the public GitHub API.
// The build never needs the network: run this where the API is reachable and commit the result.
// Usage: npm run data:refresh [-- --tag 8.3.3]
import { writeFile } from 'node:fs/promises';
import { RELEASE_FILE, REPOSITORY_FILE } from '../src/pipeline/load/load-data.ts';
import type { ReleaseData, RepositoryData } from '../src/shared/types.ts';

const API = 'https://api.github.com/repos/questdb/questdb';
const tagArg = process.argv.indexOf('--tag');
const tag = tagArg >= 0 ? process.argv[tagArg + 1] : '8.3.3';

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/vnd.github+json', 'user-agent': 'questdb-docs-build' }, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

try {
  const r = await get<ReleaseData & Record<string, unknown>>(`${API}/releases/tags/${tag}`);
  const release: ReleaseData = {
    tag_name: r.tag_name, name: r.name, draft: r.draft, prerelease: r.prerelease, published_at: r.published_at, html_url: r.html_url, body: r.body,
    assets: r.assets.map((a) => ({ name: a.name, size: a.size, content_type: a.content_type, download_count: a.download_count, browser_download_url: a.browser_download_url })),
  };
  const g = await get<Record<string, unknown> & { license?: { spdx_id?: string } }>(API);
  const repository: RepositoryData = {
    name: String(g.name), full_name: String(g.full_name), description: String(g.description), language: String(g.language),
    stargazers_count: Number(g.stargazers_count), forks_count: Number(g.forks_count), open_issues_count: Number(g.open_issues_count),
    license: g.license?.spdx_id ?? '', topics: (g.topics as string[]) ?? [], default_branch: String(g.default_branch), html_url: String(g.html_url),
  };
  await writeFile(RELEASE_FILE, JSON.stringify(release, null, 2) + '\n');
  await writeFile(REPOSITORY_FILE, JSON.stringify(repository, null, 2) + '\n');
  console.log(`Wrote ${RELEASE_FILE} (${release.tag_name}, ${release.assets.length} assets) and ${REPOSITORY_FILE}.`);
} catch (e) {
  console.error(`Could not refresh the release data (${(e as Error).message}); the committed files are unchanged.`);
  process.exit(1);
}
