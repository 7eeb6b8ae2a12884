/**
 * Mermaid settings and SVG finishing shared by the cache renderer (scripts/render-mermaid.ts)
 * and the in-browser fallback (src/islands/mermaid-fallback.ts), so a diagram looks the same
 * whichever side drew it. No node or DOM imports: both sides load this module.
 * Changing anything here changes the output: bump MERMAID_RENDER_VERSION in
 * src/pipeline/compile/mermaid/cache.ts and re-run the render script.
 */
import type { MermaidConfig } from 'mermaid';

/** Font stack of the site's body text; the diagrams measure their labels with it. */
export const MERMAID_FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';

const page = '#21222c';
const surface = '#262833';
const surfaceRaised = '#2e303d';
const border = '#3d4050';
const accent = '#d9688b';
const text = '#e4e5eb';
const muted = '#a3a6b7';

// Categorical fills (mindmap branches, pie slices, git branches, journey sections): dark
// enough for light labels. The dark theme's own defaults are near-black (#0b0000...).
const series = [
  '#8a3b56', '#4b3f8f', '#245e78', '#2f6b52', '#7a5a26', '#6b2f3a',
  '#5a3a78', '#2d5f5f', '#5c5f2a', '#3a4a7a', '#6e4a3a', '#474a5c',
];
const seriesVariables = Object.fromEntries(
  series.flatMap((color, i) => [
    [`cScale${i}`, color],
    [`cScaleLabel${i}`, text],
    ...(i < 8 ? [[`git${i}`, color], [`gitBranchLabel${i}`, text]] : []),
  ]),
);

/** Options for `mermaid.initialize()`, identical at build time and in the browser. */
export const MERMAID_OPTIONS: MermaidConfig = {
  startOnLoad: false,
  theme: 'dark',
  darkMode: true,
  securityLevel: 'strict',
  // Throw instead of drawing mermaid's "bomb" SVG, so callers can report the message.
  suppressErrorRendering: true,
  fontFamily: MERMAID_FONT_FAMILY,
  // SVG <text> labels instead of <foreignObject> HTML: valid standalone SVG that inlines
  // cleanly. Mermaid 11.10+ reads the root flag (flowchart.htmlLabels is deprecated there,
  // and would only log a warning); the flowchart one keeps older versions on the same path.
  htmlLabels: false,
  flowchart: { htmlLabels: false },
  // `layout` stays unset: dagre is bundled in mermaid.min.js, ELK is not.
  themeVariables: {
    darkMode: true,
    fontFamily: MERMAID_FONT_FAMILY,
    background: page,
    textColor: text,
    titleColor: text,
    lineColor: muted,
    // Flowchart / class / state nodes
    primaryColor: surface,
    primaryTextColor: text,
    primaryBorderColor: accent,
    mainBkg: surface,
    nodeBorder: accent,
    nodeTextColor: text,
    secondaryColor: surfaceRaised,
    secondaryTextColor: text,
    secondaryBorderColor: border,
    tertiaryColor: page,
    tertiaryTextColor: text,
    tertiaryBorderColor: border,
    clusterBkg: page,
    clusterBorder: border,
    edgeLabelBackground: surface,
    // Sequence diagrams
    actorBkg: surface,
    actorBorder: accent,
    actorTextColor: text,
    actorLineColor: border,
    signalColor: muted,
    signalTextColor: text,
    labelBoxBkgColor: surface,
    labelBoxBorderColor: border,
    labelTextColor: text,
    loopTextColor: text,
    activationBkgColor: surfaceRaised,
    activationBorderColor: accent,
    sequenceNumberColor: page,
    // Notes (sequence, class, state)
    noteBkgColor: surfaceRaised,
    noteTextColor: text,
    noteBorderColor: border,
    errorBkgColor: '#5c2a37',
    errorTextColor: text,
    // Pie (slice colours come from cScale*)
    scaleLabelColor: text,
    pieStrokeColor: page,
    pieOuterStrokeColor: border,
    pieOpacity: '1',
    pieTitleTextColor: text,
    pieSectionTextColor: text,
    pieLegendTextColor: text,
    // Gantt
    sectionBkgColor: surface,
    altSectionBkgColor: page,
    sectionBkgColor2: surfaceRaised,
    taskBkgColor: '#4b3f8f',
    taskBorderColor: '#7c6fd6',
    taskTextColor: text,
    taskTextLightColor: text,
    taskTextOutsideColor: text,
    taskTextDarkColor: text,
    activeTaskBkgColor: '#8a3b56',
    activeTaskBorderColor: accent,
    doneTaskBkgColor: border,
    doneTaskBorderColor: muted,
    critBkgColor: '#6b2f3a',
    critBorderColor: '#e07a7a',
    gridColor: border,
    todayLineColor: accent,
    ...seriesVariables,
  },
};

/**
 * Makes mermaid's SVG scale with its container (fixed width/height give way to `viewBox` +
 * `max-width`), sets `role="img"`, and scopes stray element ids under the SVG's own id.
 */
export function finalizeMermaidSvg(svg: string): string {
  const match = /<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/.exec(svg);
  if (!match) return svg;
  const attrs = new Map<string, string>();
  for (const [, name = '', dq, sq] of (match[1] ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attrs.set(name, dq ?? sq ?? '');
  }
  const px = (v: string | undefined): number | undefined =>
    v !== undefined && /^\s*[\d.]+\s*(px)?\s*$/.test(v) ? parseFloat(v) : undefined;
  const width = px(attrs.get('width'));
  const height = px(attrs.get('height'));
  if (!attrs.has('viewBox') && width !== undefined && height !== undefined) {
    attrs.set('viewBox', `0 0 ${width} ${height}`);
  }
  const style = attrs.get('style') ?? '';
  const styleMax = /max-width:\s*([\d.]+)px/.exec(style)?.[1];
  const viewBoxWidth = attrs.get('viewBox')?.trim().split(/[\s,]+/)[2];
  const maxWidth = styleMax ?? (width !== undefined ? String(width) : viewBoxWidth);
  const otherStyle = style
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !/^max-width\s*:/.test(d));
  if (maxWidth !== undefined) otherStyle.push(`max-width: ${maxWidth}px`);
  attrs.delete('width');
  attrs.delete('height');
  if (otherStyle.length > 0) attrs.set('style', otherStyle.join('; ') + ';');
  attrs.set('role', 'img');
  const escape = (v: string): string => v.replace(/&(?![a-zA-Z]+;|#\d+;|#x[\da-fA-F]+;)/g, '&amp;').replace(/"/g, '&quot;');
  const tag = '<svg' + [...attrs].map(([k, v]) => ` ${k}="${escape(v)}"`).join('') + '>';
  const finished = svg.slice(0, match.index) + tag + svg.slice(match.index + match[0].length);
  const id = attrs.get('id');
  return id ? scopeIds(finished, id) : finished;
}

/**
 * Sequence diagrams name elements `actor7`, `root-7` from a counter that lives as long as the
 * page: unscoped, two diagrams on one page can clash, and the numbers depend on what was
 * rendered before in the same page. Prefixes such ids with the SVG's id and renumbers each
 * family from 0, updating `url(#…)` and `href="#…"` references.
 */
function scopeIds(svg: string, rootId: string): string {
  const stray = new Set<string>();
  for (const [, id = ''] of svg.matchAll(/\sid="([^"]+)"/g)) {
    if (!id.startsWith(rootId)) stray.add(id);
  }
  if (stray.size === 0) return svg;
  const numbered = (id: string) => /^(\D*?)(\d+)(\D*)$/.exec(id);
  const lowest = new Map<string, number>();
  for (const id of stray) {
    const m = numbered(id);
    if (!m) continue;
    const family = `${m[1]}#${m[3]}`;
    lowest.set(family, Math.min(lowest.get(family) ?? Infinity, Number(m[2])));
  }
  const renamed = new Map<string, string>();
  for (const id of stray) {
    const m = numbered(id);
    const local = m ? `${m[1]}${Number(m[2]) - (lowest.get(`${m[1]}#${m[3]}`) ?? 0)}${m[3]}` : id;
    renamed.set(id, `${rootId}-${local}`);
  }
  return svg.replace(/(\sid="|url\(#|href="#)([^")]+)/g, (whole, lead: string, id: string) => {
    const to = renamed.get(id);
    return to === undefined ? whole : lead + to;
  });
}
