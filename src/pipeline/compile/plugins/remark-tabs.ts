/**
 * Tabs, server-rendered so that with JavaScript off every panel reads under its label:
 *
 *   ::::tabs{group="lang"}
 *   :::tab{label="Python" value="python"}
 *   …
 *   :::
 *   ::::
 *
 * → <div class="tabs" data-tabs-group="lang">
 *     <div class="tabs__list" role="tablist">(buttons, shown once the tabs island wakes)</div>
 *     <section class="tabs__panel" data-value="python" aria-labelledby="…"><p class="tabs__label" id="…">Python</p>…</section>
 *   </div>
 */
import type { Root, Parent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Node } from 'unist';
import type { VFile } from 'vfile';
import { visit } from '../visit.ts';
import { toString } from 'mdast-util-to-string';
import { report } from '../report.ts';
import { text, wrapper } from './mdast-build.ts';

export interface TabPanel {
  label: string;
  value: string;
  children: Node[];
}

/** Builds the tabs markup; shared with `::examples`, which renders a catalogue kind as tabs. */
export function buildTabs(file: VFile, group: string | undefined, panels: TabPanel[], from?: Node): Node {
  const uid = (file.data.uid = (file.data.uid ?? 0) + 1);
  const ids = panels.map((p, i) => `tabs-${uid}-${slugValue(p.value) || i}`);
  const buttons = panels.map((p, i) =>
    wrapper(
      'button',
      { type: 'button', className: ['tabs__tab'], role: 'tab', id: `${ids[i]}-tab`, ariaControls: [ids[i]!], ariaSelected: i === 0 ? 'true' : 'false', tabIndex: i === 0 ? 0 : -1, dataValue: p.value },
      [text(p.label)],
    ),
  );
  const sections = panels.map((p, i) =>
    wrapper('section', { className: ['tabs__panel'], role: 'tabpanel', id: ids[i], dataValue: p.value, ariaLabelledby: [`${ids[i]}-label`] }, [
      wrapper('p', { className: ['tabs__label'], id: `${ids[i]}-label` }, [text(p.label)]),
      ...p.children,
    ]),
  );
  return wrapper(
    'div',
    { className: ['tabs'], ...(group ? { dataTabsGroup: group } : {}), dataIsland: 'tabs' },
    [wrapper('div', { className: ['tabs__list'], role: 'tablist' }, buttons), ...sections],
    from,
  );
}

function slugValue(v: string): string {
  return v.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export default function remarkTabs() {
  return (tree: Root, file: VFile) => {
    const found: [ContainerDirective, Parent][] = [];
    visit(tree, 'containerDirective', (node: ContainerDirective, _index, parent) => {
      if (node.name === 'tab' && !(parent && (parent as ContainerDirective).name === 'tabs')) {
        report(file, node, '`:::tab` is only allowed directly inside `::::tabs`.', { rule: 'tabs', fix: 'Wrap the tab in `::::tabs` … `::::` (the outer fence needs more colons than the inner one).' });
        node.data = { ...node.data, hName: 'div' };
      }
      if (node.name === 'tabs' && parent) found.push([node, parent]);
    });
    // Innermost first (reverse pre-order), so nested tabs are built before the tabs holding them.
    for (const [node, parent] of found.reverse()) {
      const index = parent.children.indexOf(node as never);
      if (index >= 0) parent.children.splice(index, 1, buildFromDirective(node, file) as never);
    }
  };
}

function buildFromDirective(node: ContainerDirective, file: VFile): Node {
  const panels: TabPanel[] = [];
  const seen = new Set<string>();
  for (const child of node.children) {
    if (child.type !== 'containerDirective' || child.name !== 'tab') {
      if (child.type === 'paragraph' && child.data?.directiveLabel) continue;
      report(file, child, 'Only `:::tab` blocks may stand inside `::::tabs`; this content is left out.', { rule: 'tabs', fix: 'Move the content into a `:::tab{label="…"}` block or out of the tabs.' });
      continue;
    }
    let kids = child.children as Node[];
    let label = child.attributes?.label ?? undefined;
    if ((kids[0] as { data?: { directiveLabel?: boolean } } | undefined)?.data?.directiveLabel) {
      const [first, ...rest] = kids;
      label ??= toString(first);
      kids = rest;
    }
    if (!label) {
      report(file, child, 'A tab needs a label.', { rule: 'tabs', fix: 'Write `:::tab{label="Python" value="python"}`.' });
      label = `Tab ${panels.length + 1}`;
    }
    const value = child.attributes?.value || slugValue(label);
    if (seen.has(value)) report(file, child, `Two tabs share the value \`${value}\`.`, { rule: 'tabs', fix: 'Give each tab of a group its own `value`.' });
    seen.add(value);
    panels.push({ label, value, children: kids });
  }
  if (panels.length === 0) {
    report(file, node, 'The tabs block has no `:::tab` inside.', { rule: 'tabs', fix: 'Add at least one `:::tab{label="…"}` block.' });
  }
  return buildTabs(file, node.attributes?.group ?? undefined, panels, node);
}
