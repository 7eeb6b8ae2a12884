/**
 * The announcement bar's close button (rendered only when the site config makes the bar
 * closeable). The dismissal is stored with the announcement's id, so the bar stays closed
 * on every page until an announcement with another id replaces it. A script in the page
 * head hides a dismissed bar before paint (see inline-scripts.ts).
 */
import { ANNOUNCEMENT_DISMISSED_KEY } from '../shared/site-config.ts';

export default function enhance(button: HTMLElement): void {
  const bar = button.closest<HTMLElement>('.announcement');
  const id = bar?.dataset.announcementId;
  if (!bar || !id) return;
  button.addEventListener('click', () => {
    try {
      localStorage.setItem(ANNOUNCEMENT_DISMISSED_KEY, id);
    } catch {
      /* storage unavailable: closed for this page only */
    }
    document.documentElement.dataset.announcementDismissed = id;
    bar.hidden = true;
  });
}
