/**
 * The committed cache of rendered mermaid diagrams: one SVG per diagram source, named by a
 * hash of that source, written by scripts/render-mermaid.ts and read by the build.
 * Node-only; nothing here starts a browser.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Code, Root } from 'mdast';
import { parseMarkdown } from '../parse.ts';
import { blankFrontMatter } from '../../load/front-matter.ts';

/**
 * Part of every key. Bump it when the render options or the SVG post-processing change
 * (src/shared/mermaid-options.ts), so every diagram misses the cache and gets re-rendered.
 */
export const MERMAID_RENDER_VERSION = 1;

/** Where the cached SVGs live, relative to the repository root. */
export const MERMAID_CACHE_DIR = 'content/diagrams/mermaid';

/** Source as hashed: trimmed, LF line ends, no trailing spaces, so editor noise keeps the key. */
export function normaliseMermaidSource(source: string): string {
  return source
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .trim();
}

/** Cache key of a diagram: 16 hex chars of sha256 over the render version and normalised source. */
export function mermaidKey(source: string): string {
  return createHash('sha256')
    .update(`mermaid-v${MERMAID_RENDER_VERSION}\n${normaliseMermaidSource(source)}`)
    .digest('hex')
    .slice(0, 16);
}

/** Absolute path of the cached SVG for a key under a repository root. */
export function mermaidCachePath(key: string, root: string): string {
  return join(root, MERMAID_CACHE_DIR, `${key}.svg`);
}

// Hits only: a miss must stay a miss no longer than it takes the render script to fill it
// (the dev server keeps this module loaded). Files are content-addressed, so hits never go stale.
const memo = new Map<string, string>();

/** The cached SVG for a diagram source, or undefined when it has not been rendered yet. */
export function readCachedMermaid(source: string, root: string): string | undefined {
  const path = mermaidCachePath(mermaidKey(source), root);
  const hit = memo.get(path);
  if (hit !== undefined) return hit;
  let svg: string;
  try {
    svg = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  memo.set(path, svg);
  return svg;
}

/** A ```mermaid block found in a markdown file. */
export interface MermaidBlock {
  /** The code inside the fence, as the markdown parser sees it. */
  source: string;
  /** 1-based line of the opening fence in the file. */
  line: number;
}

/**
 * Every ```mermaid / ~~~mermaid fenced block in a markdown file, with the line of its fence.
 * Parsed like a page (CommonMark fence rules, blocks in lists, quotes and directives).
 */
export function extractMermaidBlocks(markdown: string): MermaidBlock[] {
  // Cheap skip: most pages have no diagram.
  if (!/mermaid/i.test(markdown)) return [];
  // The build's own parser, so the sources are exactly the code values the build hashes.
  const tree = parseMarkdown(blankFrontMatter(markdown));
  const blocks: MermaidBlock[] = [];
  const walk = (node: Root | Root['children'][number]): void => {
    if (node.type === 'code') {
      const code = node as Code;
      if (code.lang === 'mermaid' && code.position) {
        blocks.push({ source: code.value, line: code.position.start.line });
      }
      return;
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return blocks;
}
