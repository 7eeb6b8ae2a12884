/**
 * Fast paths for two blocks that fill generated pages and reference pages alike: a fenced code
 * block at the left margin, and an ATX heading of plain text. Each gives the tree micromark
 * gives for the block on its own, positions included (relative to the block's first line), or
 * undefined when the block is anything but the simple case, which the parser then handles
 * (test/unit/plain-blocks.test.ts compares them on random blocks). parse-chunked.ts decides
 * where such a block stands on its own; plain-table.ts does the same for tables.
 */
import type { Code, Heading, Root } from 'mdast';
import type { Point } from 'unist';
import { plainSpan } from './plain-inline.ts';

const OPENING_FENCE = /^(`{3,}|~{3,})(.*)$/;
const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/** Whether `line` closes a block opened by `fence`: its character, at least its length (CommonMark's rule). */
function closesFence(line: string, fence: string): boolean {
  const close = CLOSING_FENCE.exec(line);
  return close !== null && close[1]![0] === fence[0] && close[1]!.length >= fence.length;
}

const point = (line: number, column: number, offset: number): Point => ({ line, column, offset });

/**
 * Where the fenced code block opening at `lines[start]` ends: the index of its closing line, or
 * -1 when the line opens no fence or nothing closes it (it then runs to the end of the page).
 */
export function closingFenceLine(lines: readonly string[], start: number): number {
  const open = OPENING_FENCE.exec(lines[start]!);
  if (!open || (open[1]![0] === '`' && open[2]!.includes('`'))) return -1;
  for (let i = start + 1; i < lines.length; i++) if (closesFence(lines[i]!, open[1]!)) return i;
  return -1;
}

/**
 * The tree of a fenced code block given as its lines, opening fence to closing fence: both
 * fences at the left margin, the closing one the opening's characters exactly, an info string
 * without escapes, entities, tabs or trailing spaces, and no carriage return or NUL anywhere.
 */
export function plainCode(lines: readonly string[]): Root | undefined {
  if (lines.length < 2) return undefined;
  const open = OPENING_FENCE.exec(lines[0]!);
  if (!open) return undefined;
  const [, fence, info] = open as unknown as [string, string, string];
  if (lines[lines.length - 1] !== fence) return undefined;
  if (/[\\&\t\r\0]|\s$/.test(info) || (fence[0] === '`' && info.includes('`'))) return undefined;
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    if (line.includes('\r') || line.includes('\0')) return undefined;
    // A line that would close the fence earlier means these are not the block's lines.
    if (closesFence(line, fence)) return undefined;
  }
  const trimmed = info.replace(/^ +/, '');
  const space = trimmed.indexOf(' ');
  const lang = trimmed === '' ? null : space === -1 ? trimmed : trimmed.slice(0, space);
  const meta = space === -1 ? null : trimmed.slice(space).replace(/^ +/, '') || null;
  const value = lines.slice(1, -1).join('\n');
  const endOffset = lines.reduce((sum, line) => sum + line.length + 1, 0) - 1;
  const code: Code = {
    type: 'code',
    lang,
    meta,
    value,
    position: { start: point(1, 1, 0), end: point(lines.length, fence.length + 1, endOffset) },
  };
  return { type: 'root', children: [code], position: { start: point(1, 1, 0), end: point(lines.length, fence.length + 1, endOffset) } };
}

/**
 * The tree of an ATX heading line (`## Text with \`code\``): one to six `#`, one space, then
 * plain inline content (plain-inline.ts's rule), not ending in `#` (a closing sequence) or a
 * space. An empty heading (`##`) is left to the parser.
 */
export function plainHeading(line: string): Root | undefined {
  const marks = /^#{1,6} /.exec(line);
  if (!marks || line.endsWith('#') || line.endsWith(' ') || line.length <= marks[0].length) return undefined;
  const depth = marks[0].length - 1;
  const children = plainSpan(line, depth + 1, line.length, 1, 0);
  if (!children || children.length === 0 || children[0]!.position!.start.column !== depth + 2) return undefined;
  const heading: Heading = {
    type: 'heading',
    depth: depth as Heading['depth'],
    children,
    position: { start: point(1, 1, 0), end: point(1, line.length + 1, line.length) },
  };
  return { type: 'root', children: [heading], position: { start: point(1, 1, 0), end: point(1, line.length + 1, line.length) } };
}
