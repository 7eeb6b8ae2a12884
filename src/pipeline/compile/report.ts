/** Reporting problems from inside the markdown plugins, with file and line. */
import type { Node } from 'unist';
import type { VFile } from 'vfile';
import type { Diagnostic } from '../../shared/types.ts';

export interface ReportOptions {
  rule: string;
  fix?: string;
  severity?: Diagnostic['severity'];
}

/**
 * Records a diagnostic for `node`. Content pulled in by `::include` is reported at its
 * own file and line (its origin), so the writer lands on the line to change.
 */
export function report(file: VFile, node: Node | undefined, message: string, opts: ReportOptions): void {
  const page = file.data.page;
  const origin = node?.data?.origin;
  const line = origin ? origin.line : node?.position?.start.line;
  const column = origin ? undefined : node?.position?.start.column;
  const d: Diagnostic = {
    severity: opts.severity ?? 'warning',
    file: origin?.file ?? page?.file ?? file.path,
    line,
    column,
    message: origin && page ? `${message} (included into ${page.file})` : message,
    fix: opts.fix,
    rule: opts.rule,
  };
  (file.data.diagnostics ??= []).push(d);
}

/** The repo-relative file a node was written in: its include origin, else the page. */
export function sourceFileOf(file: VFile, node: Node): string {
  return node.data?.origin?.file ?? file.data.page?.file ?? file.path;
}
