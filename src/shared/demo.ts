/** The public demo instance of QuestDB, where `demo` code blocks can run as they are. */
export const DEMO_ORIGIN = 'https://demo.questdb.io';

/** Opens the demo's Web Console with the query filled in and run. */
export function webConsoleUrl(query: string): string {
  return `${DEMO_ORIGIN}/?query=${encodeURIComponent(query.trim())}&executeQuery=true`;
}
