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

function loadMermaid(scriptUrl: string): Promise<MermaidApi> {
  loading ??= new Promise<MermaidApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const api = (globalThis as unknown as { mermaid?: MermaidApi }).mermaid;
      if (api) resolve(api);
      else reject(new Error('mermaid did not load'));
    };
    script.onerror = () => reject(new Error(`could not load ${scriptUrl}`));
    document.head.append(script);
  });
  return loading;
}

/** Renders every `pre.mermaid[data-mermaid-pending]` on the page. */
export default async function renderPendingMermaid(scriptUrl: string): Promise<void> {
  const blocks = [...document.querySelectorAll<HTMLPreElement>('pre.mermaid[data-mermaid-pending]')];
  if (blocks.length === 0) return;
  const mermaid = await loadMermaid(scriptUrl);
  mermaid.initialize(MERMAID_OPTIONS);
  let n = 0;
  for (const pre of blocks) {
    const source = pre.textContent ?? '';
    try {
      const { svg } = await mermaid.render(`mermaid-live-${n++}`, source);
      const figure = document.createElement('figure');
      figure.className = 'mermaid-diagram';
      figure.innerHTML = finalizeMermaidSvg(svg);
      pre.replaceWith(figure);
    } catch (e) {
      pre.removeAttribute('data-mermaid-pending');
      const note = document.createElement('p');
      note.className = 'mermaid-error';
      note.setAttribute('role', 'alert');
      note.textContent = `This diagram could not be drawn: ${(e as Error).message}`;
      pre.after(note);
    }
  }
}
