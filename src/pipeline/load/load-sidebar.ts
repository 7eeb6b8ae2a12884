/** Stage 1b: reads `content/sidebars.ts`. */
import { join } from 'node:path';
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import type { Sidebars } from '../../shared/sidebar-types.ts';
import type { Diagnostic } from '../../shared/types.ts';

export const SIDEBARS_FILE = 'content/sidebars.ts';

export interface LoadedSidebars {
  sidebars: Sidebars;
  /** The file's text, to find the line of an entry in messages. */
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * Compiles the sidebar module with esbuild and imports it from a data: URL, so every call
 * sees the file as it is now (Node's module cache would keep the first version, which
 * watch mode cannot have). A broken file is reported and yields an empty sidebar.
 */
export async function loadSidebars(root: string): Promise<LoadedSidebars> {
  const path = join(root, SIDEBARS_FILE);
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { sidebars: { docs: [] }, text, diagnostics: [{ severity: 'warning', file: SIDEBARS_FILE, rule: 'sidebar', message: 'There is no sidebar file.', fix: `Create ${SIDEBARS_FILE} exporting \`{ docs: [...] }\` by default.` }] };
  }
  try {
    const bundled = await build({ entryPoints: [path], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent' });
    const code = bundled.outputFiles[0]!.text;
    const mod = (await import('data:text/javascript;base64,' + Buffer.from(code).toString('base64'))) as { default?: Sidebars };
    const sidebars = mod.default;
    if (!sidebars || typeof sidebars !== 'object' || !Array.isArray(sidebars.docs)) {
      return { sidebars: { docs: [] }, text, diagnostics: [{ severity: 'error', file: SIDEBARS_FILE, line: 1, rule: 'sidebar', message: 'The sidebar file does not export a `docs` sidebar.', fix: 'Export `{ docs: [...] }` as the default export.' }] };
    }
    return { sidebars, text, diagnostics: [] };
  } catch (e) {
    const err = e as Error & { errors?: { text: string; location?: { line: number } }[] };
    const first = err.errors?.[0];
    if (first) {
      return { sidebars: { docs: [] }, text, diagnostics: [{ severity: 'error', file: SIDEBARS_FILE, line: first.location?.line ?? 1, rule: 'sidebar', message: `The sidebar file does not compile: ${first.text}`, fix: 'Fix the TypeScript syntax of the sidebar file.' }] };
    }
    const m = /:(\d+):(\d+)/.exec(err.stack ?? err.message);
    return { sidebars: { docs: [] }, text, diagnostics: [{ severity: 'error', file: SIDEBARS_FILE, line: m ? Number(m[1]) : 1, rule: 'sidebar', message: `The sidebar file does not load: ${err.message.split('\n')[0]}`, fix: 'Fix the TypeScript syntax of the sidebar file.' }] };
  }
}
