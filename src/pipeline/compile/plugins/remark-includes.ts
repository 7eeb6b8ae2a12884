/**
 * `::include{file="../partials/_python.sql.query.md"}` — replaces the directive with the
 * fragment's content, parsed with the same grammar. Paths are relative to the file that
 * holds the directive; includes nest; a cycle or a missing file is reported and the
 * directive dropped. Included nodes keep their fragment line in `data.origin` and take
 * the include line as position, so later messages point somewhere sensible.
 *
 * Runs first: every other plugin must see the included content.
 */
import { posix } from 'node:path';
import type { Root, RootContent, Parent } from 'mdast';
import type { VFile } from 'vfile';
import type { Node } from 'unist';
import { visit, SKIP } from '../visit.ts';
import { parseMarkdown } from '../parse.ts';
import { blankFrontMatter } from '../../load/front-matter.ts';
import { report, sourceFileOf } from '../report.ts';
import { closest } from '../../diagnostics.ts';

const MAX_DEPTH = 10;

/** Fragments are included by many pages: parse each text once and hand out copies. */
const parsed = new Map<string, Root>();
function parseFragment(text: string): Root {
  let tree = parsed.get(text);
  if (!tree) {
    tree = parseMarkdown(blankFrontMatter(text));
    if (parsed.size > 500) parsed.clear(); // watch mode sees many versions; keep it bounded
    parsed.set(text, tree);
  }
  return structuredClone(tree);
}

export default function remarkIncludes() {
  return (tree: Root, file: VFile) => {
    expand(tree, file, [file.data.page!.file]);
  };
}

function expand(tree: Root | Parent, file: VFile, stack: string[]): void {
  const ctx = file.data.context!;
  visit(tree, 'leafDirective', (node, index, parent) => {
    if (node.name !== 'include' || !parent || index === undefined) return;
    const from = sourceFileOf(file, node);
    const target = node.attributes?.file;
    const drop = () => {
      parent.children.splice(index, 1);
      return [SKIP, index] as [typeof SKIP, number];
    };
    if (!target) {
      report(file, node, '`::include` needs a `file` attribute.', { rule: 'include', fix: 'Write `::include{file="../partials/_name.md"}`.' });
      return drop();
    }
    const path = posix.normalize(posix.join(posix.dirname(from), target));
    if (stack.includes(path)) {
      report(file, node, `Include cycle: ${[...stack, path].join(' → ')}.`, { rule: 'include-cycle', fix: `Remove the \`::include\` of ${target} from ${from}; a fragment cannot include itself through others.` });
      return drop();
    }
    if (stack.length > MAX_DEPTH) {
      report(file, node, `Includes nest deeper than ${MAX_DEPTH} levels.`, { rule: 'include', fix: 'Flatten the includes.' });
      return drop();
    }
    const text = ctx.readText(path);
    file.data.dependencies?.add(path);
    if (text === undefined) {
      const dir = posix.dirname(path);
      const guess = closest(posix.basename(path), ctx.listDir(dir));
      report(file, node, `The included file ${path} does not exist.`, { rule: 'include', fix: `Check the path (it is relative to ${from})${guess ? `; did you mean ${posix.join(posix.dirname(target), guess)}?` : '.'}` });
      return drop();
    }
    const fragment = parseFragment(text);
    const at = node.position;
    visit(fragment, (n: Node) => {
      n.data = { ...n.data, origin: { file: path, line: n.position?.start.line } };
      if (at) n.position = { start: { ...at.start }, end: { ...at.end } };
    });
    expand(fragment, file, [...stack, path]);
    parent.children.splice(index, 1, ...(fragment.children as RootContent[]));
    return [SKIP, index + fragment.children.length] as const;
  });
}
