/**
 * Starts hydration after the first paint instead of during parsing.
 *
 * A prerendered page is readable from its HTML alone, but when the browser already holds
 * ~100 KB of module scripts by the end of parsing it runs them (and hydrates) before painting
 * anything, so on a slow phone the first paint waits for all of React. Here the entry script and
 * its modulepreload links are taken out of the HTML and listed in a JSON element; a tiny inline
 * script (allowed by its CSP hash) adds them back once the first contentful paint is on screen,
 * or after 300 ms in a background tab, which does not paint. The web fonts are switched on at
 * the same moment (src/app/webFonts.ts).
 */
import { createHash } from 'node:crypto'
import { loadWebFontsSource } from '../../src/app/webFonts.ts'
import { MODULE_PRELOAD_LINK } from './frameworkPreloads.ts'
import { AFTER_PAINT_ATTRIBUTE, STYLESHEET_MARKER_ATTRIBUTE } from './inlineCss.ts'

export const BOOT_ELEMENT_ID = 'folio-boot'

export interface BootManifest {
  entry: string
  preload: string[]
}

/**
 * Runs once, after the first contentful paint: switches the web fonts on, preloads the page's
 * modules, turns the stylesheet markers inlineCss.ts left into links (the full stylesheets whose
 * unused rules the page was inlined without, loaded now, and `disabled` links for those it holds
 * whole), and starts the entry once the full ones have loaded (or failed), so nothing hydration
 * or the next page brings is ever drawn without its styles. Each module's preload and the
 * stylesheets are tasks of their own, after the fonts' (timers of no delay run in order): done in
 * one task, they took the main thread 24–72 ms on the 2-core machine, a long task Lighthouse
 * counts as blocking time.
 *
 * It waits for the paint itself (a `paint` performance entry), not the first animation frame:
 * Chromium runs that frame's callbacks tens of milliseconds before the first contentful paint is
 * on screen, so the fonts and modules were asked for in front of it, and Lighthouse then counted
 * up to 90 KB of fonts as blocking the paint (docs/decisions/0036). In a background tab, which
 * paints nothing, it starts after 300 ms; on a visible page whose paint has not been reported
 * within a second (a browser without paint entries), then.
 */
export const bootScript =
  `(function(){var started=false;function boot(){if(started)return;started=true;${loadWebFontsSource}` +
  `var m=JSON.parse(document.getElementById('${BOOT_ELEMENT_ID}').textContent);` +
  `m.preload.forEach(function(href){setTimeout(function(){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.appendChild(l)},0)});` +
  `setTimeout(function(){styles(m.entry)},0)}` +
  `function styles(entry){var waiting=1;` +
  `function start(){if(--waiting)return;var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=entry;document.head.appendChild(s)}` +
  `document.querySelectorAll('template[${STYLESHEET_MARKER_ATTRIBUTE}]').forEach(function(t){var l=document.createElement('link');l.rel='stylesheet';` +
  `if(t.hasAttribute('${AFTER_PAINT_ATTRIBUTE}')){waiting++;l.onload=l.onerror=start}else l.setAttribute('disabled','');` +
  `l.href=t.getAttribute('${STYLESHEET_MARKER_ATTRIBUTE}');t.replaceWith(l)});start()}` +
  `try{new PerformanceObserver(function(list,o){if(list.getEntriesByName('first-contentful-paint')[0]){o.disconnect();setTimeout(boot,0)}}).observe({type:'paint',buffered:true})}catch(e){}` +
  `setTimeout(boot,document.hidden?300:1000)})()`
export const bootScriptHash = `sha256-${createHash('sha256').update(bootScript).digest('base64')}`

const MODULE_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/

export function deferHydration(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)
  if (!entry) return html // a page that does not hydrate (404.html)
  const preload = [...html.matchAll(MODULE_PRELOAD_LINK)].map((match) => match[1] as string)
  const manifest: BootManifest = { entry: entry[1] as string, preload }
  const boot =
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">${JSON.stringify(manifest)}</script>` +
    `<script>${bootScript}</script>`
  return html
    .replace(entry[0], '')
    .replace(MODULE_PRELOAD_LINK, '')
    .replace('</body>', `${boot}</body>`)
}

/** The scripts a page deferred with deferHydration, for the size budget. */
export function bootManifestOf(html: string): BootManifest | null {
  const match = new RegExp(
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html)
  return match ? (JSON.parse(match[1] as string) as BootManifest) : null
}
