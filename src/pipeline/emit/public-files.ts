/** Files of public/ are served as they are, at the same path under /docs/. */
import fg from 'fast-glob';
import { join } from 'node:path';
import type { OutputFile } from './output.ts';

export async function publicFiles(root: string): Promise<OutputFile[]> {
  const rels = await fg('**/*', { cwd: join(root, 'public'), dot: false, onlyFiles: true });
  return rels.map((rel) => ({ path: rel, copyFrom: join(root, 'public', rel) }));
}
