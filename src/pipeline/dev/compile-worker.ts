/**
 * Watch mode's compile worker: compiles one page off the server's thread, so a heavy page
 * never stalls the other requests. It keeps the compile context of the site state it was
 * last sent (a version number says when that state changed) and reads files itself.
 */
import type { CompiledPage, ExampleEntry, PageSource, ReleaseData } from '../../shared/types.ts';
import type { LoadedSite } from '../load/index.ts';
import type { CompileContext } from '../compile/context.ts';
import { createCompileContext, markdownProcessor } from '../compile/index.ts';
import { compilePage } from '../compile/compile-page.ts';

/** What the compile stage needs of the site, small enough to send with every task. */
export interface CompileState {
  version: number;
  root: string;
  /** Page file → route, to resolve `.md` links. */
  routes: [string, string][];
  examples: Map<string, ExampleEntry>;
  release: ReleaseData;
}

export interface CompileTask {
  page: PageSource;
  state: CompileState;
}

let current: { version: number; context: CompileContext } | undefined;

/** Compiles `page` with the context of `state` (rebuilt only when the state's version moves). */
export default function compileTask({ page, state }: CompileTask): CompiledPage {
  if (current?.version !== state.version) {
    // createCompileContext reads only these fields of the loaded site.
    const site = { root: state.root, pages: state.routes.map(([file, route]) => ({ file, route })), examples: state.examples, release: state.release };
    current = { version: state.version, context: createCompileContext(site as unknown as LoadedSite) };
  }
  return compilePage(markdownProcessor(), page, current.context);
}
