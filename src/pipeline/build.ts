/**
 * The build as a list of named stages (load → compile → site → render → emit), each a
 * function from data to data, timed and logged. Watch mode calls the same stages.
 */
import { join } from 'node:path';
import type { CompiledPage, Diagnostic } from '../shared/types.ts';
import { siteConfig } from '../shared/site-config.ts';
import { loadSite, type LoadedSite } from './load/index.ts';
import { compilePages, createCompileContext } from './compile/index.ts';
import { buildSiteModel, type SiteModel } from './site/index.ts';
import { buildAssets, type BuiltAssets } from './render/assets.ts';
import { renderDocPage, renderNotFoundPage, type RenderContext } from './render/render-page.tsx';
import { outputPathForRoute } from './load/routes.ts';
import type { OutputFile } from './emit/output.ts';
import { renderSitemap } from './emit/sitemap.ts';
import { renderManifest } from './emit/manifest.ts';
import { publicFiles } from './emit/public-files.ts';
import { writeOutput } from './emit/write-output.ts';

export interface BuildOptions {
  root: string;
  /** Where to write; default `<root>/build`. */
  outDir?: string;
  /** False keeps the output in memory (tests, watch mode). */
  write?: boolean;
  /** Appended to every page (watch mode's live reload). */
  devScript?: string;
  log?: (line: string) => void;
}

export interface BuildResult {
  site: LoadedSite;
  compiled: CompiledPage[];
  model: SiteModel;
  outputs: OutputFile[];
  diagnostics: Diagnostic[];
  timings: Record<string, number>;
}

/** Runs `fn`, records its duration under `name` and logs it. */
export async function stage<T>(name: string, timings: Record<string, number>, log: (l: string) => void, fn: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const value = await fn();
  timings[name] = performance.now() - start;
  log(`  ${name.padEnd(8)} ${timings[name]!.toFixed(0).padStart(6)} ms`);
  return value;
}

/** Renders every page and the site-wide files from the model (stage 4's output, before writing). */
export async function renderSite(site: LoadedSite, model: SiteModel, assets: BuiltAssets, devScript?: string): Promise<OutputFile[]> {
  const ctx: RenderContext = { config: siteConfig, release: site.release, sidebar: model.sidebar, assets: assets.assets, devScript, mermaid: assets.mermaid };
  const outputs: OutputFile[] = model.pages.map((m) => ({ path: outputPathForRoute(m.page.source.route), contents: renderDocPage(m, ctx) }));
  outputs.push({ path: '404.html', contents: renderNotFoundPage(ctx) });
  return outputs;
}

/** Site-wide files besides the pages: sitemap, manifest, assets, public/. */
export async function siteFiles(root: string, model: SiteModel, assets: BuiltAssets): Promise<OutputFile[]> {
  const indexable = model.pages.filter((m) => !m.page.source.frontMatter.noindex).map((m) => m.page.source.route);
  return [
    { path: 'sitemap.xml', contents: await renderSitemap(siteConfig.url, indexable) },
    { path: 'manifest.webmanifest', contents: renderManifest(siteConfig) },
    ...assets.files,
    ...(await publicFiles(root)),
  ];
}

/** A full build. Never throws for content problems: they come back as diagnostics. */
export async function buildAll(options: BuildOptions): Promise<BuildResult> {
  const { root } = options;
  const log = options.log ?? (() => {});
  const timings: Record<string, number> = {};
  const site = await stage('load', timings, log, () => loadSite(root));
  const context = createCompileContext(site);
  const compiled = await stage('compile', timings, log, () => compilePages(site.pages, context));
  const model = await stage('site', timings, log, () => buildSiteModel(site, compiled, context.hasStaticFile));
  const { outputs, assets } = await stage('render', timings, log, async () => {
    const assets = await buildAssets({ mermaidPending: compiled.some((p) => p.features.mermaidPending) });
    return { assets, outputs: await renderSite(site, model, assets, options.devScript) };
  });
  const all = await stage('emit', timings, log, async () => {
    const files = [...outputs, ...(await siteFiles(root, model, assets))];
    if (options.write !== false) await writeOutput(options.outDir ?? join(root, 'build'), files);
    return files;
  });
  const diagnostics = [...site.diagnostics, ...compiled.flatMap((p) => p.diagnostics), ...model.diagnostics];
  return { site, compiled, model, outputs: all, diagnostics, timings };
}

/** Errors make a page unbuildable or ambiguous; only they fail the build. */
export function hasErrors(diagnostics: Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
