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

/**
 * What one page's front matter may put into the search index every reader downloads for the
 * first query (search/headings.json holds each page's title and keywords) and into every
 * page's head. One page with 60,000 keywords once grew that download from 39 to 333 KB
 * gzip. Going past a limit is a warning: the page builds with its fields cut to fit.
 * The real site's largest (2026-11): 18 keywords on a page, 31 characters in one, 219 in a
 * page's keywords together, a title of 53 characters, a sidebar label of 29, a description
 * of 160; the limits leave room for symptom phrases and pasted error texts as keywords.
 */
export const FRONT_MATTER_LIMITS = {
  /** Keywords on one page; the rest are dropped. */
  keywords: 40,
  /** Characters in one keyword; a longer one is dropped (a keyword is a phrase, not a paragraph). */
  keywordChars: 100,
  /** Characters in one page's keywords together; the keywords past it are dropped. */
  keywordsChars: 1500,
  /** Characters in a title; a longer one is cut at a word. */
  titleChars: 120,
  /** Characters in a sidebar label (it is a keyword too); a longer one is cut at a word. */
  sidebarLabelChars: 80,
  /** Characters in a description; past it the text is cut at a word (160 is already a warning). */
  descriptionChars: 300,
} as const;
