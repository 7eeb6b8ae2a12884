/** Stage 5, emit: writes the output files into the build folder. */
import { mkdir, writeFile, copyFile, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dirname } from 'node:path';
import { outputTarget } from '../policy/paths.ts';
import type { OutputFile } from './output.ts';

/** Empties the build folder before a full build, so no file of an old build survives. */
export async function cleanOutput(outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
}

/**
 * Writes files under `outDir` (parents created as needed, a few at a time). Every path is
 * checked to land inside `outDir` after normalisation; one that would not throws before
 * anything is written (routes are checked when pages load, so this is the last guard).
 */
export async function writeOutput(outDir: string, files: OutputFile[]): Promise<void> {
  const targets = new Map(files.map((f) => [f, outputTarget(outDir, f.path)]));
  const dirs = new Set([...targets.values()].map((t) => dirname(t)));
  await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
  const queue = [...files];
  const worker = async () => {
    for (let f = queue.pop(); f; f = queue.pop()) {
      const target = targets.get(f)!;
      if ('copyFrom' in f) await copyFile(f.copyFrom, target);
      else await writeFile(target, f.contents);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** Writes one file under `outDir` from pieces as they come (large generated files); answers its size in bytes. */
export async function streamOutput(outDir: string, relPath: string, pieces: AsyncIterable<string>): Promise<number> {
  const target = outputTarget(outDir, relPath);
  await mkdir(dirname(target), { recursive: true });
  let bytes = 0;
  const counted = async function* () {
    for await (const piece of pieces) {
      bytes += Buffer.byteLength(piece);
      yield piece;
    }
  };
  await pipeline(Readable.from(counted()), createWriteStream(target));
  return bytes;
}
