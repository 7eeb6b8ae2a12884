/** Stage 2, compile: every page's markdown to hast, with its table of contents, links and anchors. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledPage, PageSource } from '../../shared/types.ts';
import type { LoadedSite } from '../load/index.ts';
import type { CompileContext } from './context.ts';
import { compilePage } from './compile-page.ts';
import { createMarkdownProcessor, type MarkdownProcessor } from './processor.ts';
import { BASE_PATH } from '../../shared/url.ts';

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
    readText(path) {
      try {
        const full = join(root, path);
        return statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
      } catch {
        return undefined;
      }
    },
    listDir(dir) {
      try {
        return readdirSync(join(root, dir));
      } catch {
        return [];
      }
    },
    hasStaticFile(docsPath) {
      return docsPath.startsWith(BASE_PATH) && existsSync(join(root, 'public', decodeURIComponent(docsPath.slice(BASE_PATH.length))));
    },
  };
}

let shared: MarkdownProcessor | undefined;
/** The processor is built once per process: building it is the slow part of a one-page rebuild. */
export function markdownProcessor(): MarkdownProcessor {
  return (shared ??= createMarkdownProcessor());
}

/** Compiles the given pages (all of them in a full build, a few in watch mode). */
export function compilePages(pages: PageSource[], context: CompileContext): CompiledPage[] {
  const processor = markdownProcessor();
  return pages.map((page) => compilePage(processor, page, context));
}
