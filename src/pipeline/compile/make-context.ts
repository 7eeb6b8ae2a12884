/**
 * The compile context: what a page's compile may know of the site and read from disk.
 * Kept apart from the processor so the build can make it without loading the compiler.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { LoadedSite } from '../load/index.ts';
import type { CompileContext } from './context.ts';
import { BASE_PATH } from '../../shared/url.ts';
import { CONTENT_ROOTS, checkRead } from '../policy/paths.ts';

/** The data part of a compile context: plain values a worker thread can be sent. */
export type CompileContextData = Pick<CompileContext, 'root' | 'routesByFile' | 'examples' | 'release'>;

/** The compile context's data, taken from the loaded site. */
export function compileContextData(site: LoadedSite): CompileContextData {
  return { root: site.root, routesByFile: new Map(site.pages.map((p) => [p.file, p.route])), examples: site.examples, release: site.release };
}

/** Builds the compile context from the loaded site, reading files from disk. */
export function createCompileContext(site: LoadedSite): CompileContext {
  return compileContextFrom(compileContextData(site));
}

/** The compile context around its data (in a worker thread, from what the main thread sent). */
export function compileContextFrom(data: CompileContextData): CompileContext {
  const { root, routesByFile, examples, release } = data;
  return {
    root,
    routesByFile,
    examples,
    release,
    // Every read on a page's behalf goes through the trust boundary: inside content/ or public/, by real path.
    readText(path) {
      const check = checkRead(root, path);
      if (!check.ok) return undefined;
      try {
        return readFileSync(check.abs, 'utf8');
      } catch {
        return undefined;
      }
    },
    pathProblem(path) {
      const check = checkRead(root, path);
      return check.ok || check.problem !== 'outside' ? undefined : check.message;
    },
    listDir(dir) {
      // Only folders a page may read from are listed (their names feed "did you mean" fixes).
      const normal = posix.normalize(dir);
      if (!CONTENT_ROOTS.some((r) => normal === r || normal.startsWith(r + '/'))) return [];
      try {
        return readdirSync(join(root, normal));
      } catch {
        return [];
      }
    },
    hasStaticFile(docsPath) {
      if (!docsPath.startsWith(BASE_PATH)) return false;
      let rel: string;
      try {
        rel = decodeURIComponent(docsPath.slice(BASE_PATH.length));
      } catch {
        return false;
      }
      return checkRead(root, 'public/' + rel, ['public']).ok;
    },
  };
}

