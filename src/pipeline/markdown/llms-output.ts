/**
 * The llms files written into the build folder, from the pages' Markdown copies there (see
 * llms.ts), in a worker thread of their own (llms-worker.ts): at 10,000 pages they read 10,000
 * files and write over 100 MB, 0.4 s that the main thread spends on the search index instead.
 * A worker that cannot run leaves the work to this thread.
 */
import { closeSync, openSync, readFileSync } from 'node:fs';
import { Piscina } from 'piscina';
import { outputTarget } from '../policy/paths.ts';
import { streamOutput } from '../emit/write-output.ts';
import { FULL_TEXT_FILE, writeLlmsFiles, type LlmsInput, type LlmsLayout, type LlmsWritten } from './llms.ts';
import { closePreviousFile, openPreviousFile } from '../search/fragment-file.ts';
import { markdownOutputPath } from './paths.ts';

/** The bundled worker's URL, defined by scripts/launch.mjs when the pipeline runs from its bundle. */
declare const BUNDLED_LLMS_WORKER: string | undefined;
const WORKER_URL = typeof BUNDLED_LLMS_WORKER === 'string' ? BUNDLED_LLMS_WORKER : new URL('./llms-worker.ts', import.meta.url).href;

/** What the llms files are made from, without the reading and writing; `previous`: the layout of the whole-site file in the folder, when it is the previous build's. */
export type LlmsContent = Omit<LlmsInput, 'read' | 'write' | 'copy' | 'previous' | 'previousSections'> & { previous?: LlmsLayout };

/** The files writeLlmsInto writes, for the output folder's bookkeeping. */
export function llmsPaths(content: LlmsContent): string[] {
  return ['llms.txt', FULL_TEXT_FILE, ...content.sections.flatMap((s) => (s.fullTextPath ? [s.fullTextPath] : []))];
}

/** Writes the llms files into `outDir` in this thread. */
export async function writeLlmsInto(outDir: string, content: LlmsContent): Promise<LlmsWritten> {
  const { previous: layout, ...rest } = content;
  const previous = layout && openPreviousFile(outputTarget(outDir, FULL_TEXT_FILE), layout, 1);
  // The section files are as the previous build left them when its whole-site file is.
  const sections = Array.isArray(layout?.sections) ? layout.sections.filter((s) => Array.isArray(s) && typeof s[0] === 'string' && typeof s[1] === 'string' && Number.isInteger(s[2])) : [];
  const previousSections = previous && new Map(sections.map(([path, key, size]): [string, [string, number]] => [path, [key, size]]));
  try {
    return await writeLlmsFiles({
      ...rest,
      previous,
      previousSections,
      // Read synchronously: thousands of small reads cost more in thread-pool hand-offs than in reading (as for writes, see write-output.ts).
      read: async (route) => readCopy(outputTarget(outDir, markdownOutputPath(route))),
      write: (path, pieces) => streamOutput(outDir, path, pieces),
      copy: async (from, start, end, to) => {
        const fd = openSync(outputTarget(outDir, from), 'r');
        try {
          return await streamOutput(outDir, to, [{ fd, start, end }]);
        } finally {
          closeSync(fd);
        }
      },
    });
  } finally {
    closePreviousFile(previous);
  }
}

/** As writeLlmsInto, in a worker thread; in this thread when the worker fails to start or stops (`failed` says why). */
export async function writeLlmsInWorker(outDir: string, content: LlmsContent): Promise<LlmsWritten & { failed?: string }> {
  // Through piscina, as the page workers: it also loads a TypeScript worker when tests run the sources through tsx.
  const pool = new Piscina({ filename: WORKER_URL, minThreads: 1, maxThreads: 1 });
  try {
    return (await pool.run({ outDir, content })) as LlmsWritten;
  } catch (e) {
    // The worker may have opened (and so removed) the previous file: made whole here.
    return { ...(await writeLlmsInto(outDir, { ...content, previous: undefined })), failed: e instanceof Error ? e.message : String(e) };
  } finally {
    await pool.close();
  }
}

/** A page's Markdown copy as written (its path resolved by the same check as the write), or nothing when the page wrote none (it failed to render). */
function readCopy(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
