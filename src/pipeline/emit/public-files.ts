/** Files of public/ are served as they are, at the same path under /docs/. */
import fg from 'fast-glob';
import { join } from 'node:path';
import type { OutputFile } from './output.ts';
import { realPathInside } from '../policy/paths.ts';

/**
 * The files of public/, as paths relative to it. Linked folders are not followed, and a
 * linked file is kept only when its real path is inside public/ (nothing outside the
 * repository is ever copied into the build).
 */
export async function listPublicFiles(root: string): Promise<string[]> {
  const entries = await fg('**/*', { cwd: join(root, 'public'), dot: false, onlyFiles: false, followSymbolicLinks: false, objectMode: true });
  return entries
    .filter((e) => e.dirent.isFile() || (e.dirent.isSymbolicLink() && realPathInside(root, 'public', join(root, 'public', e.path))))
    .map((e) => e.path)
    .sort();
}

export async function publicFiles(root: string): Promise<OutputFile[]> {
  return (await listPublicFiles(root)).map((rel) => ({ path: rel, copyFrom: join(root, 'public', rel) }));
}
