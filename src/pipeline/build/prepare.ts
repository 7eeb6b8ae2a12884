/**
 * Stage 1, load: the stamp check and page pack of a cached build, the site's files, the
 * navigation, the assets (bundled by esbuild meanwhile) and the output folder made ready.
 */
import { join, resolve } from 'node:path';
import { loadSite, type LoadedSite } from '../load/index.ts';
import { compileContextData, compileContextFrom } from '../compile/make-context.ts';
import type { CompileContext } from '../compile/context.ts';
import { buildNavigation, type Navigation } from '../site/index.ts';
import { buildAssets, type BuiltAssets } from '../render/assets.ts';
import type { RenderContext } from '../render/render-page.tsx';
import { OutputFolder } from '../emit/output-folder.ts';
import { outputPathForRoute } from '../load/routes.ts';
import { markdownOutputPath } from '../markdown/paths.ts';
import { beginStamp, type StampCheck, type StampPlace } from '../cache/build-stamp.ts';
import { PagePack } from '../cache/page-pack.ts';
import { inside } from '../policy/paths.ts';
import { renderContext } from './render-context.ts';
import { timed, type Timings } from './timed.ts';
import type { BuildOptions } from './options.ts';

/** Everything the later stages start from. */
export interface Prepared {
  root: string;
  outDir: string;
  write: boolean;
  /** Set when the build is cached and writes: it is stamped when done. */
  stampPlace?: StampPlace;
  stamp?: StampCheck;
  pack?: PagePack;
  fileHashes?: ReadonlyMap<string, string>;
  site: LoadedSite;
  contextData: ReturnType<typeof compileContextData>;
  context: CompileContext;
  navigation: Navigation;
  assets: BuiltAssets;
  ctx: RenderContext;
  /** The stamp check's listing of the output folder, when it can be trusted (see below). */
  listing?: StampCheck['listing'];
  folder?: OutputFolder;
  /** The previous build's page files still in place, by page file → the cache entry they were written from. */
  inPlace?: Map<string, string>;
}

/** The load stage; `pageFiles` when the caller has listed them already. */
export async function prepareBuild(options: BuildOptions, pageFiles: string[] | undefined, timings: Timings): Promise<Prepared> {
  const { root } = options;
  const write = options.write !== false;
  const outDir = options.outDir ?? join(root, 'build');
  // A cached build that writes is stamped when done (cache/build-stamp.ts), from its inputs as they are now.
  const stampPlace: StampPlace | undefined = options.cacheDir !== undefined && write ? { cacheDir: options.cacheDir, root, outDir } : undefined;
  // The assets depend on the build's code alone: esbuild bundles them in its own process while this one loads the site.
  const assetsBuilt = buildAssets({});
  assetsBuilt.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled before then
  const stamp = stampPlace && (await timed('load', timings, () => beginStamp(stampPlace, options.stampCheck)));
  // The page pack (cache/page-pack.ts): pages whose bytes the stamp check found as the pack has them are not read again.
  const pack = stampPlace && (await timed('load', timings, () => PagePack.open(stampPlace.cacheDir, root)));
  const fileHashes = stamp?.fileHashes;
  const site = await timed('load', timings, () => loadSite(root, pageFiles, pack && { fileHashes, previous: (file, hash) => pack.read(file, hash) }));
  const contextData = compileContextData(site);
  const context = compileContextFrom(contextData);
  const navigation = await timed('site', timings, () => buildNavigation(site));
  const assets = await timed('render', timings, () => assetsBuilt);
  const ctx = renderContext(site, navigation, assets);
  // The previous build's files are written over, not removed first (see emit/output-folder.ts).
  // The stamp check's listing of the folder, unless the cache (and so the stamp removed since) lies inside it.
  const listing = stampPlace && !inside(resolve(stampPlace.cacheDir), resolve(outDir)) ? stamp?.listing : undefined;
  const folder = write ? await timed('emit', timings, () => OutputFolder.open(outDir, listing)) : undefined;
  const madeWay = folder?.makeWay(site.pages.flatMap((p) => [outputPathForRoute(p.route), markdownOutputPath(p.route)]));
  // The previous build's page files still in place (unless making way for this build's removed any).
  const inPlace = madeWay === false ? stamp?.inPlace : undefined;
  return { root, outDir, write, stampPlace, stamp, pack, fileHashes, site, contextData, context, navigation, assets, ctx, listing, folder, inPlace };
}
