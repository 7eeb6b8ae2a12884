/** The announcement bar from the site config (not closeable as configured). */
import type { ReactElement, ReactNode } from 'react';
import type { SiteConfig } from '../shared/site-config.ts';

type Link = NonNullable<SiteConfig['announcement']>['link'];

/** The text with the first occurrence of the link's words as a link (the text alone when they do not occur). */
function withLink(content: string, link: Link): ReactNode {
  const at = link ? content.indexOf(link.text) : -1;
  if (!link || at < 0) return content;
  return (
    <>
      {content.slice(0, at)}
      <a href={link.href}>{link.text}</a>
      {content.slice(at + link.text.length)}
    </>
  );
}

export function Announcement({ config }: { config: SiteConfig }): ReactElement | null {
  const a = config.announcement;
  if (!a) return null;
  return (
    <div className="announcement" role="region" aria-label="Announcement" data-announcement-id={a.id} data-closeable={a.closeable ? 'true' : 'false'}>
      <p>{withLink(a.content, a.link)}</p>
      {a.closeable && (
        <button type="button" className="announcement__close" aria-label="Close announcement" data-island="announcement">
          ×
        </button>
      )}
    </div>
  );
}
