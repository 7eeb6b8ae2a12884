/** The table of contents (levels 2 and 3) as nested lists. */
import type { ReactElement } from 'react';
import type { TocEntry } from '../shared/types.ts';

interface Branch {
  entry: TocEntry;
  children: TocEntry[];
}

function nest(entries: TocEntry[]): Branch[] {
  const out: Branch[] = [];
  for (const e of entries) {
    const last = out[out.length - 1];
    if (e.depth === 3 && last) last.children.push(e);
    else out.push({ entry: e, children: [] });
  }
  return out;
}

export function Toc({ entries, id }: { entries: TocEntry[]; id: string }): ReactElement | null {
  if (entries.length === 0) return null;
  return (
    <ul className="toc__list" id={id}>
      {nest(entries).map(({ entry, children }) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`}>{entry.text}</a>
          {children.length > 0 && (
            <ul className="toc__list">
              {children.map((c) => (
                <li key={c.id}>
                  <a href={`#${c.id}`}>{c.text}</a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
