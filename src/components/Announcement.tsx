/** The announcement bar from the site config (not closeable as configured). */
import type { ReactElement } from 'react';
import type { SiteConfig } from '../shared/site-config.ts';

export function Announcement({ config }: { config: SiteConfig }): ReactElement | null {
  const a = config.announcement;
  if (!a) return null;
  return (
    <div className="announcement" role="region" aria-label="Announcement" data-announcement-id={a.id} data-closeable={a.closeable ? 'true' : 'false'}>
      <p>{a.content}</p>
      {a.closeable && (
        <button type="button" className="announcement__close" aria-label="Close announcement" data-island="announcement">
          ×
        </button>
      )}
    </div>
  );
}
