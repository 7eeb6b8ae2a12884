/**
 * `:release{field="tag"}` — the documented release, in text and in code:
 * fields `tag` (8.3.3), `name`, `date` (2025-05-30) and `url` (the release page).
 * In code blocks, inline code and link or image URLs (where the parser leaves it as
 * plain text) the same directive text is replaced literally.
 */
import type { Root } from 'mdast';
import type { TextDirective } from 'mdast-util-directive';
import type { VFile } from 'vfile';
import { visit, SKIP } from '../visit.ts';
import type { ReleaseData } from '../../../shared/types.ts';
import { report } from '../report.ts';

export const RELEASE_FIELDS = ['tag', 'name', 'date', 'url'] as const;

/** The value of one release field, or undefined for an unknown field. */
export function releaseField(release: ReleaseData, field: string): string | undefined {
  switch (field) {
    case 'tag':
      return release.tag_name;
    case 'name':
      return release.name;
    case 'date':
      return release.published_at.slice(0, 10);
    case 'url':
      return release.html_url;
    default:
      return undefined;
  }
}

const IN_CODE = /:release\{field=["']?([a-z]+)["']?\}/g;

/** Replaces `:release{field="…"}` in code with the release's value; unknown fields are left and passed to `onUnknown`. */
export function fillReleaseInCode(code: string, release: ReleaseData, onUnknown: (field: string) => void = () => {}): string {
  return code.replace(IN_CODE, (all, field: string) => {
    const v = releaseField(release, field);
    if (v === undefined) onUnknown(field);
    return v ?? all;
  });
}

export default function remarkRelease() {
  return (tree: Root, file: VFile) => {
    const release = file.data.context!.release;
    // One walk for all three places (a whole walk of a very large page costs tens of ms).
    visit(tree, (node, index, parent) => {
      if (node.type === 'textDirective') {
        const directive = node as TextDirective;
        if (directive.name !== 'release' || !parent || index === undefined) return;
        const field = directive.attributes?.field ?? 'tag';
        const value = releaseField(release, field);
        if (value === undefined) {
          report(file, directive, `Unknown release field \`${field}\`.`, { rule: 'release', fix: `Use one of: ${RELEASE_FIELDS.join(', ')}.` });
        }
        parent.children.splice(index, 1, { type: 'text', value: value ?? '', position: directive.position });
        return [SKIP, index + 1];
      }
      if ((node.type === 'code' || node.type === 'inlineCode') && 'value' in node && typeof node.value === 'string' && node.value.includes(':release{')) {
        node.value = fillReleaseInCode(node.value, release, (field) =>
          report(file, node, `Unknown release field \`${field}\` in code.`, { rule: 'release', fix: `Use one of: ${RELEASE_FIELDS.join(', ')}.` }),
        );
      }
      if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && 'url' in node && typeof node.url === 'string' && node.url.includes(':release{')) {
        node.url = fillReleaseInCode(node.url, release, (field) =>
          report(file, node, `Unknown release field \`${field}\` in a URL.`, { rule: 'release', fix: `Use one of: ${RELEASE_FIELDS.join(', ')}.` }),
        );
      }
      return undefined;
    });
  };
}
