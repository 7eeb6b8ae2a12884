/** Breadcrumbs above the title and previous/next links below the content. */
import type { ReactElement } from 'react';
import type { NavLinkTo } from '../shared/navigation-types.ts';

export function Breadcrumbs({ trail, title }: { trail: string[]; title: string }): ReactElement | null {
  if (trail.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href="/docs/">Docs</a>
        </li>
        {trail.map((label, i) => (
          <li key={i}>{label}</li>
        ))}
        <li aria-current="page">{title}</li>
      </ol>
    </nav>
  );
}

export function PrevNext({ previous, next }: { previous?: NavLinkTo; next?: NavLinkTo }): ReactElement | null {
  if (!previous && !next) return null;
  return (
    <nav className="prev-next" aria-label="Previous and next pages">
      {previous ? (
        <a className="prev-next__link prev-next__link--prev" href={previous.route} rel="prev">
          <span className="prev-next__hint">Previous</span>
          <span className="prev-next__label">{previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="prev-next__link prev-next__link--next" href={next.route} rel="next">
          <span className="prev-next__hint">Next</span>
          <span className="prev-next__label">{next.label}</span>
        </a>
      )}
    </nav>
  );
}
