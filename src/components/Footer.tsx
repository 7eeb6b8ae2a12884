/** The site footer: community invitations and legal links. */
import type { ReactElement } from 'react';
import type { SiteConfig } from '../shared/site-config.ts';

export function Footer({ config }: { config: SiteConfig }): ReactElement {
  const f = config.footer;
  return (
    <footer className="site-footer">
      {/* The service worker registers from here once the page is idle (src/islands/service-worker.ts). */}
      <span hidden data-island="service-worker" data-wake="idle" data-sw={`${config.basePath}sw.js`} data-scope={config.basePath} data-strategies={config.pwa.offlineModeActivationStrategies.join(' ')} />
      <div className="site-footer__inner">
        <p className="site-footer__invite">
          Questions? <a href={f.slack.href}>Join our public Slack</a> or ask in the <a href={f.forum.href}>community forum</a>.
        </p>
        <ul className="site-footer__links">
          <li>
            <a href={f.github.href}>{f.github.name}</a>
          </li>
          <li>
            <a href={f.privacy.href}>{f.privacy.name}</a>
          </li>
          <li>
            <a href={f.terms.href}>{f.terms.name}</a>
          </li>
        </ul>
        <p className="site-footer__copy">© {new Date().getUTCFullYear()} QuestDB</p>
      </div>
    </footer>
  );
}
