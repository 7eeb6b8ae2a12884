/** One MCP server over the loaded docs: the three tools and the page resources. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Docs } from './docs.ts';
import { registerPageResources } from './resources.ts';
import { getPage, pageInput, pageOutput } from './tools/get-page.ts';
import { listSections, sectionsOutput } from './tools/list-sections.ts';
import { searchDocs, searchInput, searchOutput } from './tools/search-docs.ts';

export const SERVER_NAME = 'questdb-docs';
export const SERVER_VERSION = '0.1.0';

const INSTRUCTIONS = `The QuestDB 8.3.3 documentation. Use search_docs to find the pages that answer a question (the same search as the docs site), get_page to read a page or one of its sections as Markdown, and list_sections for the table of contents. Quote the page URL when you answer.`;

export function createServer(docs: Docs): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION, title: 'QuestDB documentation' }, { instructions: INSTRUCTIONS });
  server.registerTool(
    'search_docs',
    {
      title: 'Search the QuestDB docs',
      description: 'Searches the QuestDB documentation with the docs site\'s own search (its synonyms and ranking) and returns the best pages and sections: title, section, URL, route, the matching heading and a plain-text snippet. Read a hit with get_page (route and anchor).',
      inputSchema: searchInput,
      outputSchema: searchOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => searchDocs(docs, args),
  );
  server.registerTool(
    'get_page',
    {
      title: 'Read a QuestDB docs page',
      description: 'Returns a QuestDB documentation page as Markdown, whole or only the section under one heading (anchor). Long pages come in pieces: the answer gives next_offset and the page\'s sections with their anchors.',
      inputSchema: pageInput(docs.publicBase),
      outputSchema: pageOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => getPage(docs, args),
  );
  server.registerTool(
    'list_sections',
    {
      title: 'List the QuestDB docs',
      description: 'The table of contents of the QuestDB documentation (as in its llms.txt): each top-level section with its pages\' titles, routes, URLs and one-line descriptions.',
      inputSchema: {},
      outputSchema: sectionsOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => listSections(docs),
  );
  registerPageResources(server, docs);
  return server;
}
