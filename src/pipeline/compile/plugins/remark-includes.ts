/**
 * `::include{file="../partials/_python.sql.query.md"}` — replaces the directive with the
 * fragment's content, parsed with the same grammar. Paths are relative to the file that
 * holds the directive and must stay inside the repository's content (checked by real path,
 * so a symlink cannot lead out); includes nest. A cycle, a missing file, a file outside the
 * content, and going past the include limits (depth, count, size) are errors, and the
 * directive is dropped. Included nodes keep their fragment line in `data.origin` and take
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
import { LIMITS } from '../../policy/limits.ts';
import { limitDepth } from './remark-depth-limit.ts';


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

/** What one page's includes have expanded so far, against the limits. */
interface Budget {
  includes: number;
  chars: number;
  /** Set once a limit was reported, so the page gets one message, not thousands. */
  exhausted: boolean;
}

export default function remarkIncludes() {
  return (tree: Root, file: VFile) => {
    expand(tree, file, [file.data.page!.file], { includes: 0, chars: 0, exhausted: false });
    // Fragments nest inside the page's own structure: check the whole tree's depth again.
    limitDepth(tree, file);
  };
}

function expand(tree: Root | Parent, file: VFile, stack: string[], budget: Budget): void {
  const ctx = file.data.context!;
  visit(tree, 'leafDirective', (node, index, parent) => {
    if (node.name !== 'include' || !parent || index === undefined) return;
    const from = sourceFileOf(file, node);
    const target = node.attributes?.file;
    const drop = () => {
      parent.children.splice(index, 1);
      return [SKIP, index] as [typeof SKIP, number];
    };
    const error = (message: string, fix: string, rule = 'include') => report(file, node, message, { rule, fix, severity: 'error' });
    if (budget.exhausted) return drop();
    if (!target) {
      error('`::include` needs a `file` attribute.', 'Write `::include{file="../partials/_name.md"}`.');
      return drop();
    }
    const path = posix.normalize(posix.join(posix.dirname(from), target));
    const outside = ctx.pathProblem(path);
    if (outside) {
      error(`The include ${target} cannot be read: ${outside}.`, 'Include only fragments under content/ (a path relative to this file); nothing outside the repository is ever published.', 'include-outside');
      return drop();
    }
    if (stack.includes(path)) {
      error(`Include cycle: ${[...stack, path].join(' → ')}.`, `Remove the \`::include\` of ${target} from ${from}; a fragment cannot include itself through others.`, 'include-cycle');
      return drop();
    }
    if (stack.length > LIMITS.includeDepth) {
      error(`Includes nest deeper than ${LIMITS.includeDepth} levels.`, 'Flatten the includes.', 'include-limit');
      return drop();
    }
    if (budget.includes >= LIMITS.includesPerPage) {
      budget.exhausted = true;
      error(`The page expands more than ${LIMITS.includesPerPage} includes; the rest were left out.`, 'Include each fragment once, or split the page.', 'include-limit');
      return drop();
    }
    const text = ctx.readText(path);
    file.data.dependencies?.add(path);
    if (text === undefined) {
      const dir = posix.dirname(path);
      const guess = closest(posix.basename(path), ctx.listDir(dir));
      error(`The included file ${path} does not exist.`, `Check the path (it is relative to ${from})${guess ? `; did you mean ${posix.join(posix.dirname(target), guess)}?` : '.'}`);
      return drop();
    }
    budget.includes++;
    budget.chars += text.length;
    if (budget.chars > LIMITS.includedChars) {
      budget.exhausted = true;
      error(`The page's includes expand to more than ${LIMITS.includedChars / 1024 / 1024} MB of text; the rest were left out.`, 'Include each fragment once, or split the page.', 'include-limit');
      return drop();
    }
    const fragment = parseFragment(text);
    const at = node.position;
    visit(fragment, (n: Node) => {
      n.data = { ...n.data, origin: { file: path, line: n.position?.start.line } };
      if (at) n.position = { start: { ...at.start }, end: { ...at.end } };
    });
    expand(fragment, file, [...stack, path], budget);
    parent.children.splice(index, 1, ...(fragment.children as RootContent[]));
    return [SKIP, index + fragment.children.length] as const;
  });
}
