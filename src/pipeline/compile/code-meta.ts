/**
 * The info string after a fence's language:
 *   ```questdb-sql title="Hourly volume" {1,3-5} showLineNumbers noparse demo
 */

export interface CodeMeta {
  title?: string;
  /** 1-based line numbers to highlight. */
  highlight: Set<number>;
  showLineNumbers: boolean;
  /** The content checker skips this block (an intentionally invalid or not-yet-parsable statement). */
  noparse: boolean;
  /** The query runs as is on the public demo instance: the block gets a "Run in Web Console" link. */
  demo: boolean;
  /** Tokens nobody understood, for a warning. */
  unknown: string[];
  /** Range problems, e.g. `{0}` or `{5-2}`. */
  problems: string[];
}

const TOKEN = /\s*(?:(\w+)=(?:"([^"]*)"|'([^']*)'|(\S+))|\{([^}]*)\}|(\S+))/g;

/** Parses a code block's meta string. Never throws; problems are listed in the result. */
export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const out: CodeMeta = { highlight: new Set(), showLineNumbers: false, noparse: false, demo: false, unknown: [], problems: [] };
  if (!meta) return out;
  for (const m of meta.matchAll(TOKEN)) {
    const [, key, dq, sq, bare, ranges, word] = m;
    if (key) {
      const value = dq ?? sq ?? bare ?? '';
      if (key === 'title') out.title = value;
      else if (key === 'showLineNumbers') out.showLineNumbers = true;
      else out.unknown.push(`${key}=`);
    } else if (ranges !== undefined) {
      for (const part of ranges.split(',').map((p) => p.trim()).filter(Boolean)) {
        const r = /^(\d+)(?:-(\d+))?$/.exec(part);
        if (!r) {
          out.problems.push(`\`${part}\` is not a line number or range`);
          continue;
        }
        const from = Number(r[1]);
        const to = r[2] ? Number(r[2]) : from;
        if (from < 1 || to < from) {
          out.problems.push(`\`${part}\` is not a valid range`);
          continue;
        }
        for (let i = from; i <= to; i++) out.highlight.add(i);
      }
    } else if (word === 'showLineNumbers') out.showLineNumbers = true;
    else if (word === 'noparse') out.noparse = true;
    else if (word === 'demo') out.demo = true;
    else if (word) out.unknown.push(word);
  }
  return out;
}
