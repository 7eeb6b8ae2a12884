/**
 * Where the server reads the built site from: a folder on disk (`build/` or `--site DIR`), or
 * the published site over HTTPS (`--base-url`). Both answer a site-relative path
 * (`search/headings.json`, `concept/ttl/index.md`) with its text, or undefined when the site
 * has no such file. Paths come from our own code (the route checks in routes.ts), and the
 * folder source still resolves every one through the trust boundary, by real path.
 */
import { readFile } from 'node:fs/promises';
import { checkReadInFolder } from '../pipeline/policy/paths.ts';

export interface SiteSource {
  /** What the server reads, for messages: a folder or a URL. */
  readonly where: string;
  /** The origin and base path links point at: `https://questdb.com/docs/`. */
  readonly publicBase?: string;
  read(relPath: string): Promise<string | undefined>;
}

/** Largest file read from a site folder (the biggest, search/content.json, is about 1.2 MB). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

export function folderSource(folder: string): SiteSource {
  return {
    where: folder,
    async read(relPath) {
      const check = checkReadInFolder(folder, relPath);
      if (!check.ok) {
        if (check.problem === 'outside') throw new Error(check.message);
        return undefined;
      }
      const text = await readFile(check.abs, 'utf8');
      if (text.length > MAX_FILE_BYTES) throw new Error(`${relPath} is larger than ${MAX_FILE_BYTES} bytes`);
      return text;
    },
  };
}
