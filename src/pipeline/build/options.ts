/** What a caller sets for a build, and what it gets back. */
import type { CompiledPage, Diagnostic } from '../../shared/types.ts';
import type { LoadedSite } from '../load/index.ts';
import type { Navigation } from '../site/index.ts';
import type { OutputFile } from '../emit/output.ts';
import type { StampCheck } from '../cache/build-stamp.ts';

export interface BuildOptions {
  root: string;
  /** Where to write; default `<root>/build`. */
  outDir?: string;
  /** False keeps the output in memory (tests). */
  write?: boolean;
  log?: (line: string) => void;
  /** Threads that build pages; 1 builds them in this thread. Default: every core from POOL_MIN_PAGES pages on. */
  jobs?: number;
  /** A folder for the persistent page cache (see cache/page-cache.ts); none by default. */
  cacheDir?: string;
  /** Each pool worker's heap limit in MB; default WORKER_HEAP_MB (tests set a small one). */
  workerHeapMb?: number;
  /** The build stamp's check, when the caller has just made it (cache/build-stamp.ts's checkStamp). */
  stampCheck?: StampCheck;
}

export interface BuildResult {
  site: LoadedSite;
  /** Every page's compile result; trees are emptied once rendered. */
  compiled: CompiledPage[];
  navigation: Navigation;
  /** Every output file (HTML contents are kept only when not writing). */
  outputs: OutputFile[];
  diagnostics: Diagnostic[];
  timings: Record<string, number>;
}
