/** What the compile stage knows about the rest of the site, and the per-page data riding on each vfile. */
import type {} from 'mdast-util-directive';
import type {} from 'mdast-util-math';
import type {} from 'mdast-util-to-hast';
import type { ExampleEntry, PageCompileData, PageSource, ReleaseData } from '../../shared/types.ts';

/** Site-wide inputs of the compile stage (from stage 1). */
export interface CompileContext {
  /** Absolute path of the repository root. */
  root: string;
  /** Repo-relative page file → route, to resolve `.md` links. */
  routesByFile: Map<string, string>;
  examples: Map<string, ExampleEntry>;
  release: ReleaseData;
  /** Reads a repo-relative text file; undefined when it does not exist or may not be read (see pathProblem). Injected so tests and watch mode can cache. */
  readText(path: string): string | undefined;
  /** Why a page may not read this repo-relative path (outside the content roots, by real path), or undefined. */
  pathProblem(path: string): string | undefined;
  /** Names of the files in a repo-relative folder (for "did you mean" fixes). */
  listDir(dir: string): string[];
  /** True when the public/ folder (or the build) serves this /docs/ path as a file. */
  hasStaticFile(docsPath: string): boolean;
}

/** Where a node came from when it was pulled in by `::include` (positions then point at the include line). */
export interface NodeOrigin {
  file: string;
  line?: number;
}

declare module 'vfile' {
  interface DataMap extends PageCompileData {
    page: PageSource;
    context: CompileContext;
    /** Counter for ids that must be unique on a page (tabs). */
    uid: number;
  }
}

declare module 'unist' {
  interface Data {
    origin?: NodeOrigin;
    /** Set on a node whose too-deep content was cut (remark-depth-limit). */
    depthCut?: boolean;
  }
}
