/** `list_sections`: the docs' table of contents as llms.txt gives it, pages with their routes, URLs and descriptions. */
import { z } from 'zod';
import type { Docs } from '../docs.ts';
import { publicUrl } from '../docs.ts';

const pageSchema = z.object({
  title: z.string(),
  route: z.string().describe('For get_page.'),
  url: z.string().describe('The page on the docs site.'),
  markdown_url: z.string().describe('Its Markdown copy on the docs site.'),
  description: z.string(),
});

export const sectionsOutput = { sections: z.array(z.object({ section: z.string(), pages: z.array(pageSchema) })) };

export function listSections(docs: Docs) {
  const sections = docs.llms.map((s) => ({
    section: s.section,
    pages: s.entries.map((e) => {
      const route = new URL(e.url, 'https://site.invalid').pathname.replace(/index\.md$/, '');
      return { title: e.title, route, url: publicUrl(docs, route), markdown_url: `${publicUrl(docs, route)}index.md`, description: e.description };
    }),
  }));
  const text = sections.map((s) => `## ${s.section}\n${s.pages.map((p) => `- ${p.title} (${p.route}): ${p.description}`).join('\n')}`).join('\n\n');
  return { content: [{ type: 'text' as const, text }], structuredContent: { sections } };
}
