/** Directive and id syntax of our content language, none of which may reach a page's Markdown copy. */
export const CONTENT_LANGUAGE_LEFTOVERS = [/:::/, /::include/, /::example/, /::config-table/, /::client-options/, /:release\{/, /\{#[A-Za-z0-9_.:-]+\}/];
