// Finds import cycles between the repository's own modules (relative imports of .ts, .tsx,
// .mjs and .js files, static, re-exported or dynamic, type-only included: a type import is
// still an arrow a reader follows).
import { dirname, join, normalize } from 'node:path';

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The relative module paths `source` (at `file`, repository-relative) imports. */
export function importsOf(file: string, source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    out.push(normalize(join(dirname(file), spec!)));
  }
  return out;
}

/**
 * Cycles in the graph `files` (Map path → source), each as the list of files around it.
 * Tarjan's strongly connected components, iterative so a deep graph cannot overflow the stack.
 */
export function importCycles(files: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [file, source] of files) edges.set(file, importsOf(file, source).filter((t) => files.has(t)));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [v, i] = frame;
      if (i === 0) {
        index.set(v, next);
        low.set(v, next);
        next++;
        stack.push(v);
        onStack.add(v);
      }
      const targets = edges.get(v)!;
      if (i < targets.length) {
        frame[1] = i + 1;
        const w = targets[i]!;
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]![0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1 || edges.get(v)!.includes(v)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
