/**
 * Heading anchors: clicking a heading's `#` link still jumps to it, and also copies the
 * section's full address, with a short "Link copied" note read out to screen readers.
 */

const NOTE_FOR_MS = 1500;

/** Enhances the page's `.markdown` container (one listener for all its headings). */
export default function enhanceHeadingLinks(container: HTMLElement): void {
  const note = document.createElement('span');
  note.className = 'hash-link__note';
  note.setAttribute('role', 'status');
  note.setAttribute('aria-live', 'polite');
  let timer: ReturnType<typeof setTimeout> | undefined;

  container.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest<HTMLAnchorElement>('a.hash-link');
    if (!link || !navigator.clipboard || !window.isSecureContext) return;
    const url = new URL(link.getAttribute('href') ?? '', location.href).href;
    navigator.clipboard.writeText(url).then(
      () => {
        note.textContent = 'Link copied';
        link.after(note);
        clearTimeout(timer);
        timer = setTimeout(() => note.remove(), NOTE_FOR_MS);
      },
      () => {
        /* clipboard refused: the link still works as a link */
      },
    );
  });
}
