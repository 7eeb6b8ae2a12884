/**
 * The limits the build puts on content, so no page can make it recurse until the stack
 * overflows, loop until memory runs out, or expand without end. Each is checked where the
 * work happens, and going past one is an error diagnostic naming the file and line.
 */
export const LIMITS = {
  /** Levels of nesting of markdown nodes (blockquotes, lists, emphasis…); real pages use about 10. */
  nesting: 100,
  /** Levels of `::include` inside `::include`. */
  includeDepth: 10,
  /** `::include` expansions on one page, nested ones counted. */
  includesPerPage: 200,
  /** Characters of fragment text pulled into one page by its includes. */
  includedChars: 4 * 1024 * 1024,
  /** Time the sidebar module may run to produce its data. */
  sidebarMs: 2000,
} as const;
