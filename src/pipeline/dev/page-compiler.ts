/**
 * Watch mode's compiled pages: each page compiles on demand, once, in a worker thread (or
 * here, when it is light and the worker is busy), and an edit makes its result stale.
 */
import { Piscina } from 'piscina';
import type { CompileState, CompileTask } from './compile-worker.ts';
import type { CompiledPage, PageSource } from '../../shared/types.ts';
import type { LoadedSite } from '../load/index.ts';
import { createCompileContext, markdownProcessor } from '../compile/index.ts';
import { compilePage } from '../compile/compile-page.ts';
import type { CompileContext } from '../compile/context.ts';

/** Pages shorter than this compile on the server's thread when the worker is busy (a few tens of ms at most). */
const LIGHT_PAGE_CHARS = 64 * 1024;

export class PageCompiler {
  /** Compiled pages by file; missing entries compile on demand. */
  readonly compiled = new Map<string, CompiledPage>();
  /** Compiles under way, by file, so two requests for one page share one compile. */
  private compiling = new Map<string, Promise<CompiledPage>>();
  /** Bumped when a file's compiled result goes stale, so a compile that started before the edit is not kept. */
  private generation = new Map<string, number>();
  /** One worker compiles pages, so the server's thread stays free for requests. */
  private pool = new Piscina<CompileTask, CompiledPage>({ filename: new URL('./compile-worker.ts', import.meta.url).href, minThreads: 1, maxThreads: 1, idleTimeout: Infinity });
  private state?: CompileState;
  private stateVersion = 0;
  private workerTasks = 0;
  private textCache = new Map<string, string | undefined>();
  /** The compile context of the site as it is now (see refresh). */
  context!: CompileContext;

  constructor(
    private site: () => LoadedSite,
    private root: string,
    private log: (line: string) => void,
  ) {}

  /** A new compile context from the site as it is now; the files it read are read again. */
  refresh(): void {
    this.state = undefined; // the worker's copy of the site state is rebuilt on the next compile
    const base = createCompileContext(this.site());
    this.textCache.clear();
    this.context = {
      ...base,
      readText: (path) => {
        if (!this.textCache.has(path)) this.textCache.set(path, base.readText(path));
        return this.textCache.get(path);
      },
    };
  }

  /** Forgets what the context read of a file that changed. */
  forgetText(rel: string): void {
    this.textCache.delete(rel);
  }

  /** A page's compile result: cached, under way, or started now in the worker. */
  compile(page: PageSource): Promise<CompiledPage> {
    const done = this.compiled.get(page.file);
    if (done) return Promise.resolve(done);
    let pending = this.compiling.get(page.file);
    if (!pending) {
      const generation = this.generation.get(page.file) ?? 0;
      // While the worker is busy (a heavy page, or the background pass), a light page compiles
      // here at once (tens of milliseconds) instead of queueing behind it.
      const here = this.workerTasks > 0 && page.body.length < LIGHT_PAGE_CHARS;
      const compiled = here ? Promise.resolve().then(() => compilePage(markdownProcessor(), page, this.context)) : this.inWorker(page);
      pending = compiled
        .then((c) => {
          if ((this.generation.get(page.file) ?? 0) === generation) this.compiled.set(page.file, c);
          return c;
        })
        .finally(() => {
          if (this.compiling.get(page.file) === pending) this.compiling.delete(page.file);
        });
      this.compiling.set(page.file, pending);
    }
    return pending;
  }

  /** Forgets a file's compile result (an edit made it stale). */
  invalidate(file: string): void {
    this.compiled.delete(file);
    this.compiling.delete(file);
    this.generation.set(file, (this.generation.get(file) ?? 0) + 1);
  }

  /** Forgets every compile result and every compile under way. */
  invalidateAll(): void {
    for (const file of [...this.compiled.keys(), ...this.compiling.keys()]) this.invalidate(file);
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }

  /** The site state the worker compiles against (sent with each task; rebuilt when the site changes). */
  private compileState(): CompileState {
    const site = this.site();
    this.state ??= { version: ++this.stateVersion, root: this.root, routes: site.pages.map((p) => [p.file, p.route]), examples: site.examples, release: site.release };
    return this.state;
  }

  /** Compiles a page in the worker; a failure of the worker itself falls back to compiling here. */
  private async inWorker(page: PageSource): Promise<CompiledPage> {
    this.workerTasks++;
    try {
      return await this.pool.run({ page, state: this.compileState() });
    } catch (e) {
      // Content never makes the compile throw; this is the worker failing: compile here, where problems become diagnostics.
      this.log(`watch: the compile worker failed on ${page.file}: ${(e as Error).message}`);
      return compilePage(markdownProcessor(), page, this.context);
    } finally {
      this.workerTasks--;
    }
  }
}
