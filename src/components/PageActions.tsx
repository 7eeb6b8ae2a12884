/**
 * "Copy page" beside the title: a split button whose main part copies the page's Markdown
 * and whose menu offers the Markdown itself and two AI assistants primed with its URL.
 * Every menu entry is a real link, so the menu works the moment it opens; the copy-page
 * island adds the clipboard, the menu's keyboard and its opening. Without scripts the
 * buttons are hidden and a plain "View as Markdown" link stands in their place.
 */
import type { ReactElement } from 'react';
import { icons } from './icons.tsx';

/** What the assistant is asked: read the page and answer questions about it. */
export function assistantPrompt(absoluteMarkdownUrl: string): string {
  return `Read ${absoluteMarkdownUrl} (a page of the QuestDB documentation, as Markdown) so that I can ask you questions about it.`;
}

export function chatGptUrl(absoluteMarkdownUrl: string): string {
  return `https://chatgpt.com/?q=${encodeURIComponent(assistantPrompt(absoluteMarkdownUrl))}`;
}

export function claudeUrl(absoluteMarkdownUrl: string): string {
  return `https://claude.ai/new?q=${encodeURIComponent(assistantPrompt(absoluteMarkdownUrl))}`;
}

export function PageActions({ markdownUrl, absoluteMarkdownUrl }: { markdownUrl: string; absoluteMarkdownUrl: string }): ReactElement {
  return (
    <div className="page-actions" data-island="copy-page" data-wake="interaction" data-markdown={markdownUrl}>
      <div className="page-actions__split">
        <button type="button" className="page-actions__copy">
          {icons.copy!()}
          <span className="page-actions__label">Copy page</span>
        </button>
        <button type="button" className="page-actions__toggle" aria-haspopup="menu" aria-expanded="false" aria-controls="page-actions-menu" aria-label="More ways to use this page">
          {icons.chevron!()}
        </button>
      </div>
      <ul className="page-actions__menu" id="page-actions-menu" role="menu" aria-label="Page actions" hidden>
        <li role="none">
          <a role="menuitem" tabIndex={-1} href={markdownUrl}>
            View as Markdown
          </a>
        </li>
        <li role="none">
          <a role="menuitem" tabIndex={-1} href={chatGptUrl(absoluteMarkdownUrl)} target="_blank" rel="noopener noreferrer">
            Open in ChatGPT
          </a>
        </li>
        <li role="none">
          <a role="menuitem" tabIndex={-1} href={claudeUrl(absoluteMarkdownUrl)} target="_blank" rel="noopener noreferrer">
            Open in Claude
          </a>
        </li>
      </ul>
      <a className="page-actions__plain" href={markdownUrl}>
        View as Markdown
      </a>
      <p className="page-actions__status" role="status" />
    </div>
  );
}
