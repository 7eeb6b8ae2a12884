/**
 * Watch mode for writers: serves the site from memory at http://localhost:3000/docs/,
 * compiles pages on demand (so the first page is served before the whole site is
 * compiled), and on every save rebuilds only what the edit affects — the page, the pages
 * that include or use the changed file, or every page when the sidebar, a title or a
 * route changes — then reloads the open browser. A broken page shows its problems in the
 * browser and the terminal; the rest keeps working.
 *
 * It runs the same stage functions as the full build; only the bookkeeping is its own.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Diagnostic, PageSource } from '../../shared/types.ts';
import { siteConfig } from '../../shared/site-config.ts';
import { loadSite, type LoadedSite } from '../load/index.ts';
import { readPage } from '../load/load-pages.ts';
import { isRoutedPage, outputPathForRoute, routeFor, docIdFromPath } from '../load/routes.ts';
import { loadSidebars } from '../load/load-sidebar.ts';
import { loadSiteData } from '../load/load-data.ts';
import { loadExamples } from '../load/load-examples.ts';
import { buildNavigation, pageModel, type Navigation } from '../site/index.ts';
import { checkLinks } from '../site/check-links.ts';
import { buildAssets, type BuiltAssets } from '../render/assets.ts';
import { renderContext } from '../build/render-context.ts';
import { emitLlmsFiles } from '../build/llms-files.ts';
import { searchOutputFiles } from '../build/site-files.ts';
import { searchDataOf } from '../page/build-page.ts';
import { markdownOutputPath } from '../markdown/paths.ts';
import { contentsOf, type OutputFile } from '../emit/output.ts';
import { FULL_SIDEBAR_FILE, fullSidebarFile, renderSidebarBase, type SidebarHtml } from '../render/sidebar-html.ts';
import { renderDocPage, renderNotFoundPage, renderOfflinePage, renderSearchPage, type RenderContext } from '../render/render-page.tsx';
import { renderSitemap } from '../emit/sitemap.ts';
import { renderManifest } from '../emit/manifest.ts';
import { readInside, serveStatic } from '../serve/static-handler.ts';
import { formatDiagnostic, formatDiagnostics } from '../diagnostics.ts';
import { LiveReload, LIVE_RELOAD_PATH, LIVE_RELOAD_SCRIPT, LIVE_RELOAD_SCRIPT_PATH, liveReloadClient } from './live-reload.ts';
import { crashPage, diagnosticsOverlay, errorPage } from './error-page.ts';
import { PageCompiler } from './page-compiler.ts';

export interface DevServerOptions {
  root: string;
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

const posix = (p: string) => p.split(sep).join('/');

export class DevServer {
  readonly root: string;
  private log: (line: string) => void;
  private site!: LoadedSite;
  private nav!: Navigation;
  private assets!: BuiltAssets;
  /** Every page's compile result, on demand (see page-compiler.ts). */
  private pages!: PageCompiler;
  /** Rendered HTML by route; cleared when something it shows changes. */
  private html = new Map<string, string>();
  /** Files that could not be loaded, by the route they would have had. */
  private broken = new Map<string, { file: string; diagnostics: Diagnostic[] }>();
  private live = new LiveReload();
  private server?: Server;
  private watcher?: FSWatcher;
  private pending = new Set<string>();
  private timer?: NodeJS.Timeout;
  private busy: Promise<void> = Promise.resolve();
  private lastLinkReport = '';
  /** Modification time of each changed file when it was last applied. */
  private applied = new Map<string, number>();
  private recheckTimer?: NodeJS.Timeout;
  private stopped = false;
  /** Called after each rebuild with its duration (for the benchmark). */
  onRebuild?: (info: { ms: number; pages: number }) => void;

  constructor(private options: DevServerOptions) {
    this.root = options.root;
    this.log = options.log ?? ((l) => console.log(l));
  }

  /** Loads the site and starts the watcher, then the HTTP server; resolves once it listens. */
  async start(): Promise<{ url: string }> {
    // The watcher must be ready before the first page is served, or an edit made right
    // after that first request would go unseen; its scan runs alongside the load.
    this.watcher = watch([join(this.root, 'content'), join(this.root, 'public'), join(this.root, 'src/styles')], { ignoreInitial: true });
    const watching = new Promise<void>((resolve) => this.watcher!.on('ready', () => resolve()));
    this.watcher.on('error', (e) => this.log(`watch: ${(e as Error).message}`));
    this.pages = new PageCompiler(() => this.site, this.root, this.log);
    this.site = await loadSite(this.root);
    this.pages.refresh();
    this.nav = buildNavigation(this.site);
    this.recordBroken(this.site.diagnostics);
    this.assets = await buildAssets({ minify: false });
    this.printDiagnostics([...this.site.diagnostics, ...this.nav.diagnostics]);
    await watching;
    this.watcher.on('all', (_event, path) => this.queue(path));
    const port = this.options.port ?? 3000;
    const host = this.options.host ?? '127.0.0.1';
    this.server = createServer((req, res) => {
      if (req.url === LIVE_RELOAD_PATH) return this.live.attach(res);
      if (req.url === LIVE_RELOAD_SCRIPT_PATH) {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(LIVE_RELOAD_SCRIPT);
      }
      serveStatic(req, res, (rel) => this.lookup(rel), () => 'no-store').catch((e: Error) => {
        // The stack goes to the terminal; the browser gets the message and where, in the overlay's style.
        this.log(`watch: ${e.stack ?? e.message}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(crashPage(e, liveReloadClient(this.live.revision)));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    setImmediate(() => void this.compileInBackground());
    const address = this.server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    return { url: `http://${host}:${actualPort}${siteConfig.basePath}` };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.recheckTimer);
    this.live.close();
    await this.watcher?.close();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.pages?.destroy();
  }

  /** Resolves when queued changes have been applied (for tests and the benchmark). */
  async settled(): Promise<void> {
    while (this.pending.size > 0 || this.timer) await new Promise((r) => setTimeout(r, 10));
    await this.busy;
  }

  private recordBroken(diagnostics: Diagnostic[]): void {
    for (const d of diagnostics) {
      if (d.severity !== 'error' || !d.file.startsWith('content/docs/')) continue;
      const rel = d.file.slice('content/docs/'.length);
      const route = routeFor(docIdFromPath(rel), {});
      const entry = this.broken.get(route) ?? { file: d.file, diagnostics: [] };
      entry.diagnostics.push(d);
      this.broken.set(route, entry);
    }
  }

  private pageByRoute(route: string): PageSource | undefined {
    return this.site.pages.find((p) => p.route === route);
  }

  private sidebarCache?: { nav: Navigation; html: SidebarHtml };

  private renderContext(): RenderContext {
    if (this.sidebarCache?.nav !== this.nav) this.sidebarCache = { nav: this.nav, html: renderSidebarBase(this.nav.sidebar) };
    return renderContext(this.site, this.nav, this.assets, liveReloadClient(this.live.revision), this.sidebarCache.html);
  }

  private async render(page: PageSource): Promise<string> {
    let html = this.html.get(page.route);
    if (html === undefined) {
      const compiled = await this.pages.compile(page);
      html = renderDocPage(pageModel(this.nav, compiled), this.renderContext());
      html = html.replace('</body>', diagnosticsOverlay(compiled.diagnostics) + '</body>');
      this.html.set(page.route, html);
    }
    return html;
  }

  private async lookup(rel: string): Promise<string | Uint8Array | undefined> {
    if (rel === 'search/index.html') return renderSearchPage(this.renderContext());
    if (rel === 'offline/index.html') return renderOfflinePage(this.renderContext());
    // No caching worker in watch mode: one left by a production preview removes itself.
    if (rel === 'sw.js') return "self.addEventListener('install',()=>self.skipWaiting());self.addEventListener('activate',e=>e.waitUntil(self.registration.unregister()));";
    if (rel.startsWith('search/') && rel.endsWith('.json')) {
      // The index needs every page: compile what the background pass has not reached yet.
      const data = (await Promise.all(this.site.pages.map((p) => this.pages.compile(p)))).flatMap((c) => searchDataOf(c, this.nav) ?? []);
      const file = searchOutputFiles(data, this.nav).find((f) => f.path === rel);
      return file && contentsOf(file);
    }
    if (rel === 'index.html' || rel.endsWith('/index.html')) {
      const route = siteConfig.basePath + rel.slice(0, -'index.html'.length);
      const page = this.pageByRoute(route);
      if (page) return this.render(page);
      const broken = this.broken.get(route);
      if (broken) return errorPage(broken.file, broken.diagnostics, liveReloadClient(this.live.revision));
      return undefined;
    }
    if (rel === 'index.md' || rel.endsWith('/index.md')) {
      const page = this.pageByRoute(siteConfig.basePath + rel.slice(0, -'index.md'.length));
      return page ? (await this.pages.compile(page)).markdown : undefined;
    }
    if (rel === 'llms.txt' || rel.endsWith('llms-full.txt')) {
      // Like the search index, these need every page.
      const compiled = await Promise.all(this.site.pages.map((p) => this.pages.compile(p)));
      const outputs: OutputFile[] = compiled.map((c) => ({ path: markdownOutputPath(c.source.route), contents: c.markdown }));
      const file = (await emitLlmsFiles(compiled, this.nav, this.site.release, outputs)).find((f) => f.path === rel);
      return file && 'contents' in file ? file.contents : undefined;
    }
    if (rel === '404.html') return renderNotFoundPage(this.renderContext());
    if (rel === 'sitemap.xml') return renderSitemap(siteConfig.url, this.site.pages.filter((p) => !p.frontMatter.noindex).map((p) => p.route));
    if (rel === 'manifest.webmanifest') return renderManifest(siteConfig);
    if (rel === FULL_SIDEBAR_FILE) {
      const sidebar = this.renderContext().sidebarHtml;
      return sidebar?.outline ? fullSidebarFile(sidebar) : undefined;
    }
    const { files, featureFiles } = this.assets;
    const asset = [...files, ...featureFiles.math, ...featureFiles.mermaidPending].find((f) => f.path === rel);
    if (asset) return 'copyFrom' in asset ? readFile(asset.copyFrom) : contentsOf(asset);
    return readInside(join(this.root, 'public'), rel);
  }

  /** Compiles every page not compiled yet, a few at a time, then checks links. */
  private async compileInBackground(): Promise<void> {
    const start = performance.now();
    let count = 0;
    for (const page of this.site.pages) {
      if (this.stopped) return;
      if (!this.pages.compiled.has(page.file)) {
        await this.pages.compile(page); // in the worker: requests are served meanwhile
        count++;
      }
    }
    this.log(`compiled the other ${count} page(s) in the background in ${(performance.now() - start).toFixed(0)} ms`);
    this.reportLinks();
  }

  private reportLinks(): void {
    if (this.pages.compiled.size < this.site.pages.length) return;
    const pageDiagnostics = [...this.pages.compiled.values()].flatMap((c) => c.diagnostics);
    const links = checkLinks([...this.pages.compiled.values()], this.pages.context.hasStaticFile);
    const text = [...pageDiagnostics, ...links].map(formatDiagnostic).join('\n');
    if (text !== this.lastLinkReport) {
      this.lastLinkReport = text;
      this.printDiagnostics(links);
    }
  }

  private printDiagnostics(list: Diagnostic[]): void {
    for (const line of formatDiagnostics(list)) this.log(line);
  }

  private queue(absPath: string): void {
    if (this.stopped) return;
    this.pending.add(posix(relative(this.root, absPath)));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const batch = new Set(this.pending);
      this.pending.clear();
      this.busy = this.busy.then(() => this.apply(batch)).catch((e: Error) => this.log(`watch: ${e.stack}`));
    }, 20);
  }

  /** Applies a batch of changed files (repo-relative paths). */
  async apply(changed: Set<string>): Promise<void> {
    const start = performance.now();
    let structure = false;
    let everything = false;
    const recompile = new Set<string>();
    for (const rel of changed) {
      this.pages.forgetText(rel);
      this.applied.set(rel, await mtime(join(this.root, rel)));
      if (rel === 'content/sidebars.ts') {
        const s = await loadSidebars(this.root);
        this.site = { ...this.site, sidebars: s.sidebars, sidebarsText: s.text };
        this.printDiagnostics(s.diagnostics);
        structure = true;
      } else if (rel.startsWith('content/data/')) {
        const data = await loadSiteData(this.root);
        this.site = { ...this.site, release: data.release, repository: data.repository };
        everything = true;
      } else if (rel.startsWith('content/examples/')) {
        const ex = await loadExamples(this.root);
        this.site = { ...this.site, examples: ex.entries };
        this.printDiagnostics(ex.diagnostics);
        this.pages.refresh();
      } else if (rel.startsWith('src/styles/')) {
        this.assets = await buildAssets({ minify: false });
        structure = true;
      } else if (rel.startsWith('content/docs/') && /\.mdx?$/.test(rel) && isRoutedPage(rel.slice('content/docs/'.length))) {
        const change = await this.reloadPage(rel);
        if (change !== 'none') structure = true;
        // A page that appears, disappears or moves changes where other pages' links lead.
        if (change === 'route') everything = true;
        recompile.add(rel);
      }
      for (const [file, c] of this.pages.compiled) if (c.dependencies.has(rel)) recompile.add(file);
    }
    if (structure) {
      this.pages.refresh();
      this.nav = buildNavigation(this.site);
    }
    if (everything) this.pages.invalidateAll();
    // Every cached page carries the old live-reload revision (and maybe old chrome): drop them.
    this.live.next();
    this.html.clear();
    let rebuilt = 0;
    for (const file of recompile) this.pages.invalidate(file);
    const pages = [...recompile].flatMap((file) => this.site.pages.find((p) => p.file === file) ?? []);
    // Eager, so the edit is ready before the browser asks; compiled in the worker, in parallel with nothing else.
    await Promise.all(pages.map((page) => this.render(page)));
    for (const page of pages) {
      rebuilt++;
      this.printDiagnostics(this.pages.compiled.get(page.file)?.diagnostics ?? []);
    }
    const ms = performance.now() - start;
    this.log(`rebuilt ${rebuilt} page(s)${structure ? ' and the navigation' : ''} in ${ms.toFixed(0)} ms`);
    this.onRebuild?.({ ms, pages: rebuilt });
    this.live.notify();
    // The watcher coalesces quick successive writes to one file (an editor's save, then a
    // formatter's), which could leave the last one unseen: look again a moment later.
    this.recheckTimer = setTimeout(() => void this.recheck(changed), 150);
    if (everything) void this.compileInBackground();
    else this.reportLinks();
  }

  private async recheck(files: Set<string>): Promise<void> {
    for (const rel of files) {
      if ((await mtime(join(this.root, rel))) !== this.applied.get(rel)) this.queue(join(this.root, rel));
    }
  }

  /**
   * Re-reads one page file and says what changed for the rest of the site: `route` when
   * it was added, removed or moved; `title` when only its title or sidebar entry changed.
   */
  private async reloadPage(rel: string): Promise<'route' | 'title' | 'none'> {
    const docRel = rel.slice('content/docs/'.length);
    const old = this.site.pages.find((p) => p.file === rel);
    for (const [route, b] of this.broken) if (b.file === rel) this.broken.delete(route);
    let bytes: Buffer | undefined;
    try {
      bytes = await readFile(join(this.root, rel));
    } catch {
      bytes = undefined;
    }
    const pages = this.site.pages.filter((p) => p.file !== rel);
    let page: PageSource | undefined;
    if (bytes) {
      const r = readPage(docRel, bytes);
      this.printDiagnostics(r.diagnostics);
      this.recordBroken(r.diagnostics);
      page = r.page;
      const clash = page && pages.find((p) => p.route === page!.route);
      if (page && clash) {
        const d: Diagnostic = { severity: 'error', file: rel, line: 1, rule: 'duplicate-route', message: `${rel} and ${clash.file} both build the route ${page.route}; only ${clash.file} is served.`, fix: 'Give one of them another `permalink`/`slug`, or rename the file.' };
        this.printDiagnostics([d]);
        page = undefined;
      }
    }
    if (page) pages.push(page);
    this.site = { ...this.site, pages };
    this.pages.invalidate(rel);
    if (!old || !page || old.route !== page.route) return 'route';
    const label = (p: PageSource) => [p.frontMatter.title, p.frontMatter.sidebar_label].join('\0');
    return label(old) !== label(page) ? 'title' : 'none';
  }
}

/** A file's modification time, or -1 when it is gone. */
async function mtime(path: string): Promise<number> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return -1;
  }
}

/** Path of a route's HTML in the build folder, re-exported for tests. */
export { outputPathForRoute };
