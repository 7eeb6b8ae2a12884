/** Stage 1c: the release and repository data embedded at build time (refreshed by scripts/fetch-release-data.ts). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic, ReleaseData, RepositoryData } from '../../shared/types.ts';
import { checkRead } from '../policy/paths.ts';

export const RELEASE_FILE = 'content/data/release.json';
export const REPOSITORY_FILE = 'content/data/repository.json';

export interface SiteData {
  release: ReleaseData;
  repository?: RepositoryData;
  diagnostics: Diagnostic[];
}

/** Used when the data file is missing or broken, so the build still finishes. */
export const FALLBACK_RELEASE: ReleaseData = {
  tag_name: '8.3.3', name: '8.3.3', draft: false, prerelease: false, published_at: '2025-05-30T00:00:00Z',
  html_url: 'https://github.com/questdb/questdb/releases/tag/8.3.3', body: '', assets: [],
};

async function readJson<T>(root: string, file: string, check: (v: unknown) => v is T): Promise<{ value?: T; diagnostic?: Diagnostic }> {
  let text: string;
  try {
    // By real path: a data file that is a link to somewhere else is not read (its text would be published).
    const check = checkRead(root, file, ['content']);
    if (!check.ok && check.problem === 'outside') return { diagnostic: { severity: 'error', file, line: 1, rule: 'data', message: `${file} cannot be read: ${check.message}.`, fix: 'Keep the data file itself under content/data, not a link to a file elsewhere.' } };
    text = await readFile(check.ok ? check.abs : join(root, file), 'utf8');
  } catch {
    return { diagnostic: { severity: 'warning', file, rule: 'data', message: `${file} is missing.`, fix: 'Run `npm run data:refresh` or restore the file from git.' } };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (!check(value)) return { diagnostic: { severity: 'warning', file, line: 1, rule: 'data', message: `${file} does not have the expected fields.`, fix: 'Run `npm run data:refresh` or restore the file from git.' } };
    return { value };
  } catch (e) {
    return { diagnostic: { severity: 'warning', file, line: 1, rule: 'data', message: `${file} is not valid JSON: ${(e as Error).message}`, fix: 'Fix the JSON or restore the file from git.' } };
  }
}

const isRelease = (v: unknown): v is ReleaseData =>
  typeof v === 'object' && v !== null && typeof (v as ReleaseData).tag_name === 'string' && typeof (v as ReleaseData).published_at === 'string';
const isRepository = (v: unknown): v is RepositoryData =>
  typeof v === 'object' && v !== null && typeof (v as RepositoryData).name === 'string';

/** Loads both data files; missing or broken ones are warned about and replaced by defaults. */
export async function loadSiteData(root: string): Promise<SiteData> {
  const [rel, repo] = await Promise.all([readJson(root, RELEASE_FILE, isRelease), readJson(root, REPOSITORY_FILE, isRepository)]);
  return {
    release: rel.value ?? FALLBACK_RELEASE,
    repository: repo.value,
    diagnostics: [rel.diagnostic, repo.diagnostic].filter((d): d is Diagnostic => d !== undefined),
  };
}
