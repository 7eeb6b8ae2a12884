/** Stage 5, emit: writes the output files into the build folder. */
import { mkdir, writeFile, copyFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { OutputFile } from './output.ts';

/** Empties the build folder before a full build, so no file of an old build survives. */
export async function cleanOutput(outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
}

/** Writes files under `outDir` (parents created as needed, a few at a time). */
export async function writeOutput(outDir: string, files: OutputFile[]): Promise<void> {
  const dirs = new Set(files.map((f) => dirname(join(outDir, f.path))));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  const queue = [...files];
  const worker = async () => {
    for (let f = queue.pop(); f; f = queue.pop()) {
      const target = join(outDir, f.path);
      if ('copyFrom' in f) await copyFile(f.copyFrom, target);
      else await writeFile(target, f.contents);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}
