/** Sizes of the files for machines: llms.txt, llms-full.txt, the largest per-section file, the Markdown copies. */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fg from 'fast-glob';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export async function benchMachineFiles(buildDir: string, label: string): Promise<void> {
  const size = async (rel: string) => (await stat(join(buildDir, rel))).size;
  const gz = async (rel: string) => gzipSync(await readFile(join(buildDir, rel))).length;
  const sections = await fg('*/llms-full.txt', { cwd: buildDir });
  const bySize = await Promise.all(sections.map(async (f) => ({ f, bytes: await size(f) })));
  bySize.sort((a, b) => b.bytes - a.bytes);
  const copies = await fg('**/index.md', { cwd: buildDir });
  const copyBytes = (await Promise.all(copies.map(size))).reduce((a, b) => a + b, 0);
  console.log(`\nfiles for machines, ${label}`);
  console.log(`  llms.txt:                               ${kb(await size('llms.txt'))} (gzip ${kb(await gz('llms.txt'))})`);
  console.log(`  llms-full.txt:                          ${kb(await size('llms-full.txt'))} (gzip ${kb(await gz('llms-full.txt'))})`);
  if (bySize[0]) console.log(`  largest per-section file:               ${bySize[0].f}, ${kb(bySize[0].bytes)} (of ${bySize.length} sections; smallest ${kb(bySize[bySize.length - 1]!.bytes)})`);
  console.log(`  Markdown copies:                        ${copies.length} index.md files, ${kb(copyBytes)} in all`);
}
