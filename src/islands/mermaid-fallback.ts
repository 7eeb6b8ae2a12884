/**
 * Draws mermaid diagrams that were missing from the build's SVG cache, in the reader's
 * browser. Loaded only on pages that have such a diagram. On a render error the source
 * stays visible with a note below it.
 */
import { MERMAID_OPTIONS, finalizeMermaidSvg } from '../shared/mermaid-options.ts';

interface MermaidApi {
  initialize(config: unknown): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

let loading: Promise<MermaidApi> | undefined;
// Page-wide, so a second call never reuses the render ids of the first.
let renders = 0;

/** Injects mermaid's bundle once and initialises it with the build's options. */
function loadMermaid(scriptUrl: string): Promise<MermaidApi> {
  loading ??= new Promise<MermaidApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const api = (globalThis as unknown as { mermaid?: MermaidApi }).mermaid;
      if (!api) return reject(new Error('mermaid did not load'));
      api.initialize(MERMAID_OPTIONS);
      resolve(api);
    };
    script.onerror = () => reject(new Error(`could not load ${scriptUrl}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    // A later call may retry (flaky network) instead of inheriting the failure.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Renders every `pre.mermaid[data-mermaid-pending]` on the page. */
export default async function renderPendingMermaid(scriptUrl: string): Promise<void> {
  const blocks = [...document.querySelectorAll<HTMLPreElement>('pre.mermaid[data-mermaid-pending]')];
  if (blocks.length === 0) return;
  // Claimed before the (slow) bundle load, so an overlapping call cannot draw them twice.
  for (const pre of blocks) pre.removeAttribute('data-mermaid-pending');
  let mermaid: MermaidApi;
  try {
    mermaid = await loadMermaid(scriptUrl);
  } catch (e) {
    for (const pre of blocks) showError(pre, e);
    return;
  }
  // One at a time: mermaid keeps per-render state in globals.
  for (const pre of blocks) {
    const source = safeSource(pre.textContent ?? '');
    try {
      const { svg } = await mermaid.render(`mermaid-live-${renders++}`, source);
      // Same wrapper as the build gives cached SVGs, so both look alike.
      const figure = document.createElement('figure');
      figure.className = 'mermaid-diagram';
      const drawing = inertSvg(finalizeMermaidSvg(svg));
      if (drawing) figure.append(drawing);
      pre.replaceWith(figure);
    } catch (e) {
      showError(pre, e);
    }
  }
}

/**
 * The diagram source without what mermaid would turn into live markup while it measures
 * labels in the page (the source is content, written by anyone): `click` lines (links and
 * callbacks), HTML tags other than line breaks, and angle brackets written as entities.
 * Cached diagrams, drawn at build time, keep their labels as written.
 */
export function safeSource(source: string): string {
  return source
    .split('\n')
    .filter((line) => !/^\s*click\s/i.test(line))
    .join('\n')
    .replace(/<(?!br\s*\/?>)[^>]*>?/gi, ' ')
    .replace(/&(lt|gt|#0*60|#0*62|#x0*3c|#x0*3e);?/gi, ' ');
}

/**
 * The SVG parsed in an inert document (nothing in it runs), with what could run once it is
 * in the page taken out: scripts, foreign objects, event handler attributes and links
 * other than http(s) or in-page ones. Then adopted into the page.
 */
function inertSvg(markup: string): Element | undefined {
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const root = doc.documentElement;
  if (!root || root.nodeName.toLowerCase() !== 'svg') return undefined;
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const name = el.nodeName.toLowerCase();
    if (name === 'script' || name === 'foreignobject') {
      el.remove();
      continue;
    }
    for (const attr of [...el.attributes]) {
      const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (/^on/i.test(attr.name) || (/href$/i.test(attr.name) && !/^(https?:|#)/.test(value))) el.removeAttribute(attr.name);
    }
  }
  return document.importNode(root, true);
}

/** Leaves the source in place and says below it why there is no picture. */
function showError(pre: HTMLPreElement, error: unknown): void {
  const note = document.createElement('p');
  note.className = 'mermaid-error';
  note.setAttribute('role', 'alert');
  // textContent, never innerHTML: parse errors quote the writer's source.
  note.textContent = `This diagram could not be drawn: ${error instanceof Error ? error.message : String(error)}`;
  pre.after(note);
}
