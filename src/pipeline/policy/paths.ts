/**
 * Where the build may read and write on a page's behalf.
 *
 * Reads: a file a page names (an include, a config table, an image) must resolve, by its
 * real path (symlinks followed), inside one of the repository's content roots; `..`
 * escapes, absolute paths and symlinks pointing elsewhere are refused, so nothing outside
 * the repository can reach a page or the search index.
 *
 * Writes: every output path is checked after normalisation to stay inside the output
 * folder, and a page's route may not take a path the build generates itself.
 */
import { realpathSync as jsRealpath, statSync } from 'node:fs';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';

/** The C library's realpath: the same answer as Node's own walk of each path component, in a third of the time (checkRead runs once per page). */
const realpathSync = jsRealpath.native;

/** Folders of the repository that pages may read from. */
export const CONTENT_ROOTS = ['content', 'public'] as const;

export type ReadCheck = { ok: true; abs: string } | { ok: false; problem: 'outside' | 'missing' | 'not-a-file'; message: string };

const realRoots = new Map<string, string>();
function realRoot(root: string): string {
  let r = realRoots.get(root);
  if (r === undefined) {
    try {
      r = realpathSync(root);
    } catch {
      r = resolve(root);
    }
    realRoots.set(root, r);
  }
  return r;
}

/** True when `child` is `parent` or lies under it (absolute, normalised paths). */
/** Whether a glob with fast-glob's `dot: false` (the build's globs of content/ and public/) leaves `path` out: one of its parts starts with `.`. */
export const hasDotPart = (path: string): boolean => path.split('/').some((part) => part.startsWith('.'));

export const inside = (child: string, parent: string) => child === parent || child.startsWith(parent + sep);

/**
 * Checks a repository-relative path a page wants to read. `roots` limits it further
 * (e.g. config tables read only under `content/`).
 */
export function checkRead(root: string, repoPath: string, roots: readonly string[] = CONTENT_ROOTS): ReadCheck {
  const allowed = roots.map((r) => `${r}/`).join(' or ');
  if (repoPath.includes('\0') || isAbsolute(repoPath) || /^[a-zA-Z]:/.test(repoPath)) {
    return { ok: false, problem: 'outside', message: `${repoPath.replace(/\0/g, '\\0')} is not a path inside the repository's ${allowed}` };
  }
  const normal = posix.normalize(repoPath.replace(/\\/g, '/'));
  if (normal.startsWith('../') || normal === '..' || !roots.some((r) => normal === r || normal.startsWith(r + '/'))) {
    return { ok: false, problem: 'outside', message: `${normal} is outside the repository's ${allowed}` };
  }
  const abs = resolve(root, normal);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return { ok: false, problem: 'missing', message: `${normal} does not exist` };
  }
  const base = realRoot(root);
  if (!roots.some((r) => inside(real, resolve(base, r)))) {
    return { ok: false, problem: 'outside', message: `${normal} is a link to ${relative(base, real).startsWith('..') ? 'a file outside the repository' : relative(base, real)}, outside the repository's ${allowed}` };
  }
  try {
    if (!statSync(real).isFile()) return { ok: false, problem: 'not-a-file', message: `${normal} is not a file` };
  } catch {
    return { ok: false, problem: 'missing', message: `${normal} does not exist` };
  }
  return { ok: true, abs: real };
}

/** True when a real path (of a file found by a glob) lies inside `<root>/<folder>`. */
export function realPathInside(root: string, folder: string, abs: string): boolean {
  try {
    return inside(realpathSync(abs), resolve(realRoot(root), folder));
  } catch {
    return false;
  }
}

/**
 * The absolute path of an output file, or an Error when its path would land outside the
 * output folder (after normalisation) or is not a plain relative path.
 */
export function outputTarget(outDir: string, relPath: string): string {
  const bad = relPath.includes('\0') || relPath.includes('\\') || isAbsolute(relPath) || relPath.split('/').some((s) => s === '..' || s === '.');
  const target = resolve(outDir, relPath);
  if (bad || !inside(target, resolve(outDir)) || target === resolve(outDir)) {
    throw new Error(`Refusing to write ${JSON.stringify(relPath)}: it is not a path inside the build folder ${outDir}.`);
  }
  return target;
}

/**
 * Paths the build itself writes under `build/` (a trailing `/` marks a folder it owns). A
 * page's route may not take any of them. Features that add generated files add them here.
 */
export const GENERATED_OUTPUTS: { path: string; by: string; inEveryFolder?: boolean }[] = [
  { path: '404.html', by: 'the not-found page' },
  { path: 'search/', by: 'the search results page and index' },
  { path: 'offline/', by: 'the offline page the service worker serves' },
  { path: 'sitemap.xml', by: 'the sitemap' },
  { path: 'sw.js', by: 'the service worker' },
  { path: 'assets/', by: 'the bundled scripts, styles and fonts' },
  { path: 'manifest.webmanifest', by: 'the web-app manifest' },
  { path: 'sidebar.json', by: 'the whole sidebar of a very large site' },
  { path: '_headers', by: 'the security headers file' },
  { path: 'llms.txt', by: 'the llms.txt index' },
  { path: 'llms-full.txt', by: 'the llms-full.txt files (the whole site, and one per top-level section)', inEveryFolder: true },
  { path: 'index.md', by: 'the Markdown copy of the page beside it', inEveryFolder: true },
];

/**
 * What generated output (or public/ file) a page's output path would collide with: the
 * same path, a path inside a generated folder, or a folder where a generated file stands.
 */
export function collidingOutput(outputPath: string, publicFiles: readonly string[] = []): string | undefined {
  for (const g of GENERATED_OUTPUTS) {
    if (g.path.endsWith('/') ? outputPath.startsWith(g.path) : outputPath === g.path || outputPath.startsWith(g.path + '/')) return `${g.path} (${g.by})`;
    if (g.inEveryFolder && outputPath.split('/').slice(0, -1).includes(g.path)) return `${g.path} (${g.by})`;
  }
  for (const p of publicFiles) {
    if (outputPath === p || outputPath.startsWith(p + '/')) return `public/${p} (a static file)`;
  }
  return undefined;
}

/**
 * Characters a route may hold: what needs no percent-encoding in a URL path. Anything else
 * (`#`, `?`, `%`, spaces, quotes, `<`, `>`, backslashes, controls, non-ASCII) is refused with an
 * error rather than encoded, so every URL the site emits is the route as written.
 */
export function routeProblem(route: string): string | undefined {
  const segments = route.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) return 'it has a `.` or `..` segment, which would lead out of its folder';
  const bad = /[^A-Za-z0-9\-._~/]/.exec(route);
  if (bad) return `it has the character ${JSON.stringify(bad[0])}, which is not allowed in a route (only letters, digits, \`-\`, \`_\`, \`.\`, \`~\` and \`/\`)`;
  return undefined;
}

/**
 * Checks a path relative to one folder (a built site that a reader's tool asks about): no
 * NUL, no absolute or drive path, no `..` part, and the real path (symlinks followed) must be
 * a file inside the folder's real path. Nothing is read here.
 */
export function checkReadInFolder(folder: string, relPath: string): ReadCheck {
  const shown = relPath.replace(/\0/g, '\\0');
  if (relPath.includes('\0') || relPath.includes('\\') || isAbsolute(relPath) || /^[a-zA-Z]:/.test(relPath) || relPath.split('/').includes('..')) {
    return { ok: false, problem: 'outside', message: `${shown} is not a path inside ${folder}` };
  }
  let real: string;
  try {
    real = realpathSync(resolve(folder, relPath));
  } catch {
    return { ok: false, problem: 'missing', message: `${shown} does not exist` };
  }
  if (!inside(real, realRoot(folder))) return { ok: false, problem: 'outside', message: `${shown} is a link to a file outside ${folder}` };
  try {
    if (!statSync(real).isFile()) return { ok: false, problem: 'not-a-file', message: `${shown} is not a file` };
  } catch {
    return { ok: false, problem: 'missing', message: `${shown} does not exist` };
  }
  return { ok: true, abs: real };
}
