/**
 * Every page as a resource, `questdb-docs:///docs/<path>/`, whose text is the page's Markdown
 * copy, listed with its title and description.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Docs } from './docs.ts';
import { markdownFile, resourceUri } from './routes.ts';

export function registerPageResources(server: McpServer, docs: Docs): void {
  for (const page of docs.pages.values()) {
    const uri = resourceUri(page.route);
    server.registerResource(page.route, uri, { title: page.title, description: page.description || `${page.section}: ${page.title}`, mimeType: 'text/markdown' }, async () => {
      const text = await docs.source.read(markdownFile(page.route));
      if (text === undefined) throw new Error(`The Markdown copy of ${page.route} is missing from ${docs.source.where}: rebuild the site.`);
      return { contents: [{ uri, mimeType: 'text/markdown', text }] };
    });
  }
}
