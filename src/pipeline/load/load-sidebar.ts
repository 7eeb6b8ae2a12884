/** Stage 1b: reads `content/sidebars.ts`. */
import { join, relative, resolve, sep } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build, type Plugin } from 'esbuild';
import { LIMITS } from '../policy/limits.ts';
import { realPathInside } from '../policy/paths.ts';
import { URL_FIX, refusedScheme } from '../policy/urls.ts';
import { readFile } from 'node:fs/promises';
import type { SidebarItem, Sidebars } from '../../shared/sidebar-types.ts';
import type { Diagnostic } from '../../shared/types.ts';

export const SIDEBARS_FILE = 'content/sidebars.ts';

export interface LoadedSidebars {
  sidebars: Sidebars;
  /** The file's text, to find the line of an entry in messages. */
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * Compiles the sidebar module with esbuild and runs it in a sandbox: a fresh V8 context with
 * no Node globals (no `require`, `process`, `import()`), a time limit, and imports allowed only
 * from this repository's content/ and src/shared/. The sidebar is content, and content comes
 * from strangers: it may compute its data, but never read files or reach the machine. Its
 * data comes back as JSON. Every sidebar URL then passes the site's URL policy. A broken file
 * is reported and yields an empty sidebar.
 */
export async function loadSidebars(root: string): Promise<LoadedSidebars> {
  const path = join(root, SIDEBARS_FILE);
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { sidebars: { docs: [] }, text, diagnostics: [{ severity: 'warning', file: SIDEBARS_FILE, rule: 'sidebar', message: 'There is no sidebar file.', fix: `Create ${SIDEBARS_FILE} exporting \`{ docs: [...] }\` by default.` }] };
  }
  const fail = (message: string, line = 1) => ({ sidebars: { docs: [] }, text, diagnostics: [{ severity: 'error' as const, file: SIDEBARS_FILE, line, rule: 'sidebar', message, fix: 'Fix the sidebar file: a default export `{ docs: [...] }` built from plain values, importing only types and files of this repository.' }] });
  let code: string;
  try {
    const bundled = await build({ entryPoints: [path], bundle: true, format: 'iife', globalName: '__sidebars', platform: 'neutral', write: false, logLevel: 'silent', plugins: [repositoryImportsOnly(root)] });
    code = bundled.outputFiles[0]!.text;
  } catch (e) {
    const err = e as Error & { errors?: { text: string; location?: { line: number } }[] };
    const first = err.errors?.[0];
    return fail(`The sidebar file does not compile: ${first?.text ?? err.message.split('\n')[0]}`, first?.location?.line ?? 1);
  }
  let json: unknown;
  try {
    // Object.create(null): the sandbox hands the script no object of ours to climb out through.
    json = runInNewContext(`${code}\n;JSON.stringify(__sidebars && __sidebars.default)`, Object.create(null), { timeout: LIMITS.sidebarMs, microtaskMode: 'afterEvaluate' });
  } catch (e) {
    const err = e as Error;
    const timedOut = /timed out/i.test(err.message);
    return fail(timedOut ? `The sidebar file ran longer than ${LIMITS.sidebarMs} ms (an endless loop?).` : `The sidebar file does not load: ${String(err.message).split('\n')[0]}`);
  }
  const sidebars = typeof json === 'string' ? (JSON.parse(json) as Sidebars | null) : undefined;
  if (!sidebars || typeof sidebars !== 'object' || !Array.isArray(sidebars.docs)) return fail('The sidebar file does not export a `docs` sidebar.');
  return { sidebars, text, diagnostics: refuseUnsafeLinks(sidebars, text) };
}

/** An esbuild plugin that lets the sidebar import only files of content/ and src/shared/ (by real path). */
function repositoryImportsOnly(root: string): Plugin {
  return {
    name: 'repository-imports-only',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const fix = 'The sidebar may import only types and files under content/ or src/shared/.';
        if (!args.path.startsWith('.') && !args.path.startsWith('/')) return { errors: [{ text: `\`${args.path}\` cannot be imported. ${fix}` }] };
        const target = resolve(args.resolveDir, args.path);
        const rel = relative(root, target).split(sep).join('/');
        const allowed = ['content', 'src/shared'].find((r) => rel.startsWith(r + '/'));
        if (!allowed || !realPathInside(root, allowed, target)) return { errors: [{ text: `${args.path} cannot be imported. ${fix}` }] };
        return undefined;
      });
    },
  };
}

/** Sidebar link entries whose URL the policy refuses are errors and are taken out. */
function refuseUnsafeLinks(sidebars: Sidebars, text: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const lists: SidebarItem[][] = Object.values(sidebars).filter(Array.isArray);
  for (let guard = 0; lists.length > 0 && guard < 100_000; guard++) {
    const items = lists.pop()!;
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (!item || typeof item !== 'object') continue;
      if (item.type === 'category' && Array.isArray(item.items)) lists.push(item.items);
      if (item.type === 'link') {
        const href = typeof item.href === 'string' ? item.href : '';
        const scheme = refusedScheme(href);
        if (scheme === undefined) continue;
        const at = text.indexOf(href);
        diagnostics.push({ severity: 'error', file: SIDEBARS_FILE, line: at >= 0 ? text.slice(0, at).split('\n').length : 1, rule: 'unsafe-url', message: `The sidebar link "${item.label}" uses the \`${scheme}:\` scheme, which the site never emits; it was left out.`, fix: URL_FIX });
        items.splice(i, 1);
      }
    }
  }
  return diagnostics;
}
