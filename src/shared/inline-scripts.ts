/**
 * The few scripts that must run before anything else, inlined (a few hundred bytes, no
 * request, so they cannot block the first render on the network).
 */
import { BASE_PATH } from './url.ts';
import { ANNOUNCEMENT_DISMISSED_KEY, type SiteConfig } from './site-config.ts';

/**
 * Inline code that replaces the location with the path in variable `v` (plus the query and
 * hash), only when it stays on this origin: a path such as `//other.example/x.html` (which
 * the browser would read as another host) has its leading slashes collapsed first, and
 * anything that still resolves elsewhere is left alone. Never an open redirect.
 */
function sameOriginReplace(v: string): string {
  return `var u=new URL(${v}.replace(/^[\\/\\\\]+/,'/')+l.search+l.hash,l.href);if(u.origin===l.origin&&u.href!==l.href)l.replace(u.href)`;
}

/** `/docs/x/index.html` and `/docs/x.html` → `/docs/x/` (spec 2.3), on every page. */
export const NORMALISE_PATH_SCRIPT = `(function(){var l=location,p=l.pathname,n=/\\/index\\.html$/.test(p)?p.slice(0,-10):/\\.html$/.test(p)&&!/\\/404\\.html$/.test(p)?p.slice(0,-5)+'/':null;if(n){${sameOriginReplace('n')}}})()`;

/**
 * Marks the document as scripted before it paints, so islands' elements take their
 * enhanced shape at once (CSS `.js …`) and nothing moves when the islands wake; on Apple
 * platforms also `apple`, so the search hint reads ⌘ K instead of the rendered Ctrl K.
 */
export const JS_CLASS_SCRIPT = `(function(){var c=document.documentElement.classList;c.add('js');if(/Mac|iPhone|iPad|iPod/.test(navigator.userAgent))c.add('apple')})()`;

/** Where a reader's colour-mode choice is kept (shared by every tab of the site). */
export const THEME_STORAGE_KEY = 'theme';

/**
 * Sets `data-theme` before the first paint: the stored choice (localStorage `theme`),
 * else the OS preference when the config respects it, else the default; with the switch
 * disabled, always the default. A choice made in another tab is applied at once.
 */
export function themeScript(mode: SiteConfig['colorMode']): string {
  return `(function(){var d=document.documentElement,c=${JSON.stringify(mode)},k=${JSON.stringify(THEME_STORAGE_KEY)};function p(){if(c.disableSwitch)return c.defaultMode;var s=null;try{s=localStorage.getItem(k)}catch(e){}if(s==='dark'||s==='light')return s;if(c.respectPrefersColorScheme&&window.matchMedia)return matchMedia('(prefers-color-scheme: light)').matches?'light':'dark';return c.defaultMode}d.setAttribute('data-theme',p());addEventListener('storage',function(e){if(e.key===k)d.setAttribute('data-theme',p())})})()`;
}

/**
 * On the not-found page also: a route typed without its trailing slash gets one
 * (`/docs/x` → `/docs/x/`); a path that already ends in `/` is left alone, so no loop.
 */
export const NOT_FOUND_SCRIPT = `(function(){var l=location,p=l.pathname;if(!/\\/$/.test(p)&&!/\\.[a-z0-9]+$/i.test(p)){var n=p+'/';${sameOriginReplace('n')}}})()`;

/**
 * On the docs home: served from another base path, the site's absolute asset URLs
 * break, so a self-styled banner says so and suggests the base path to use (spec 2.3).
 */
export function wrongBasePathScript(basePath: string = BASE_PATH): string {
  return `(function(){var p=location.pathname;if(p.indexOf(${JSON.stringify(basePath)})===0)return;var b=p.replace(/[^/]*$/,'')||'/';var d=document.createElement('div');d.id='base-path-banner';d.setAttribute('role','alert');d.style.cssText='position:relative;z-index:1000;padding:16px;background:#be2f5b;color:#fff;font:16px/1.5 system-ui,sans-serif';d.textContent='This site did not load properly. It is built for the base path ${basePath} but was opened at '+p+'. We suggest serving the build at ${basePath}, or rebuilding it with the base path '+b+'.';document.body.prepend(d)})()`;
}

/**
 * For a closeable announcement: hides it before paint when this announcement's id was
 * dismissed (a new id shows again).
 */
export function announcementScript(id: string): string {
  return `try{if(localStorage.getItem(${JSON.stringify(ANNOUNCEMENT_DISMISSED_KEY)})===${JSON.stringify(id)})document.documentElement.classList.add('announcement-dismissed')}catch(e){}`;
}

/** The one inline script in every page's <head>: the `js` class, the theme, path normalisation and the announcement. */
export function headScript(config: Pick<SiteConfig, 'colorMode' | 'announcement'>): string {
  return `${JS_CLASS_SCRIPT};${themeScript(config.colorMode)};${NORMALISE_PATH_SCRIPT}${config.announcement?.closeable ? ';' + announcementScript(config.announcement.id) : ''}`;
}

/** Starts the in-browser mermaid renderer on pages whose diagrams are not in the cache. */
export function mermaidScript(m: { module: string; library: string }): string {
  return `import(${JSON.stringify(m.module)}).then(function(m){return m.default(${JSON.stringify(m.library)})}).catch(function(e){console.error('Mermaid diagrams could not be drawn:',e)})`;
}

/**
 * Every inline script a page of this build may run, for the Content-Security-Policy's
 * hashes: whatever a page inlines must come from here, or the browser refuses to run it.
 */
export function siteInlineScripts(config: Pick<SiteConfig, 'colorMode' | 'announcement' | 'basePath'>, mermaid?: { module: string; library: string }): string[] {
  return [headScript(config), NOT_FOUND_SCRIPT, wrongBasePathScript(config.basePath), ...(mermaid ? [mermaidScript(mermaid)] : [])];
}
