/**
 * Reads llms.txt back into its structure (see src/pipeline/markdown/llms.ts, which writes it):
 * `## Section` headings, each followed by `- [Title](URL): description` lines. The last
 * section lists the full-text files rather than pages.
 */

export interface LlmsEntry {
  title: string;
  /** The Markdown copy's URL as llms.txt gives it (absolute). */
  url: string;
  description: string;
}

export interface LlmsSectionEntry {
  section: string;
  entries: LlmsEntry[];
}

/** `[Title](url): description`, with `\[`, `\]` and `\\` escaped in the title and description. */
const ITEM = /^- \[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)(?::\s*(.*))?$/;

const unescape = (text: string) => text.replace(/\\([\\[\]])/g, '$1');

export function parseLlms(text: string): LlmsSectionEntry[] {
  const out: LlmsSectionEntry[] = [];
  let current: LlmsSectionEntry | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      current = { section: line.slice(3).trim(), entries: [] };
      out.push(current);
      continue;
    }
    const m = current ? ITEM.exec(line.trim()) : null;
    if (m) current!.entries.push({ title: unescape(m[1]!), url: m[2]!, description: unescape(m[3] ?? '').trim() });
  }
  return out;
}
