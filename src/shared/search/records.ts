/**
 * The compact index files (headings.json, content.json) turned back into DocSearch records:
 * the browser engine, the build's records.json and the upload all read the same records.
 */
import type { ContentIndexFile, HeadingsIndexFile, Hierarchy, HitType, SearchRecord } from './types.ts';

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

function hierarchyOf(h: Partial<Hierarchy>): Hierarchy {
  return { lvl0: h.lvl0 ?? '', lvl1: h.lvl1 ?? '', lvl2: h.lvl2 ?? null, lvl3: h.lvl3 ?? null, lvl4: h.lvl4 ?? null, lvl5: h.lvl5 ?? null, lvl6: h.lvl6 ?? null };
}

/** Turns the compact index files into records (the same records the build writes for upload). */
export function recordsFromIndex(headings: HeadingsIndexFile, content?: ContentIndexFile): SearchRecord[] {
  const records = headingRecords(headings);
  content?.content.forEach((entry, i) => records.push(contentRecord(headings, records, entry, i)));
  return records;
}

/** The records of the pages (lvl1) and of their headings, in that order. */
export function headingRecords(headings: HeadingsIndexFile): SearchRecord[] {
  const records: SearchRecord[] = [];
  headings.pages.forEach(([route, section, title, keywords], i) => {
    const h = hierarchyOf({ lvl0: headings.sections[section] ?? '', lvl1: title });
    records.push({ objectID: `p${i}`, hierarchy: h, content: null, type: 'lvl1', url: route, position: i, ...(keywords ? { keywords } : {}) });
  });
  headings.headings.forEach(([page, level, anchor, text, parent], i) => {
    const base = records[parent >= 0 ? headings.pages.length + parent : page]!.hierarchy;
    const h: Hierarchy = { ...base };
    h[LEVELS[level]!] = text;
    for (let l = level + 1; l <= 6; l++) (h as unknown as Record<string, string | null>)[LEVELS[l]!] = null;
    records.push({ objectID: `h${i}`, hierarchy: h, content: null, type: LEVELS[level] as HitType, url: `${headings.pages[page]![0]}#${anchor}`, position: headings.pages.length + i });
  });
  return records;
}

/**
 * The record of the index's `i`th text, from `base`, the page and heading records (it takes
 * its heading's hierarchy and url). One at a time, so the build can write 430,000 of them
 * without holding them.
 */
export function contentRecord(headings: HeadingsIndexFile, base: SearchRecord[], [page, heading, text, anchor]: ContentIndexFile['content'][number], i: number): SearchRecord {
  const pages = headings.pages.length;
  const under = base[heading >= 0 ? pages + heading : page]!;
  const url = anchor ? `${headings.pages[page]![0]}#${anchor}` : under.url;
  return { objectID: `c${i}`, hierarchy: under.hierarchy, content: text, type: 'content', url, position: pages + headings.headings.length + i };
}
