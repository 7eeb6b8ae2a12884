/** Stage 2, compile: every page's markdown to hast, with its table of contents, links and anchors. */
import type { CompiledPage, PageSource } from '../../shared/types.ts';
import type { CompileContext } from './context.ts';
import { compilePage } from './compile-page.ts';
import { createMarkdownProcessor, type MarkdownProcessor } from './processor.ts';

export { compileContextData, compileContextFrom, createCompileContext, type CompileContextData } from './make-context.ts';

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
