/**
 * Code blocks: a Copy button that puts the code on the clipboard (and says so), and a Wrap
 * toggle for long lines. The buttons are in the server's HTML and shown once scripts run.
 */

import { copyText } from './clipboard.ts';

const COPIED_FOR_MS = 2000;

/** Enhances one `figure.code-block`. */
export default function enhanceCodeBlock(figure: HTMLElement): void {
  const code = figure.querySelector('code');
  const copy = figure.querySelector<HTMLButtonElement>('[data-action="copy"]');
  const wrap = figure.querySelector<HTMLButtonElement>('[data-action="wrap"]');
  if (!code || !copy || !wrap) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  copy.setAttribute('aria-live', 'polite');
  copy.addEventListener('click', () => {
    copyText(code.textContent ?? '')
      .then(() => (copy.textContent = 'Copied'))
      .catch(() => (copy.textContent = 'Copy failed'))
      .finally(() => {
        clearTimeout(timer);
        timer = setTimeout(() => (copy.textContent = 'Copy'), COPIED_FOR_MS);
      });
  });
  wrap.addEventListener('click', () => {
    const on = figure.classList.toggle('code-block--wrap');
    wrap.setAttribute('aria-pressed', String(on));
  });
  figure.classList.add('code-block--ready');
}
