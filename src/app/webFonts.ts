/**
 * When the web fonts apply. A page's first paint uses the metric-matched local fallbacks; on a
 * first visit the web fonts are only downloaded after that paint (with hydration, see
 * scripts/build/deferHydration.ts) and switched on at the next navigation, never under the
 * reader's eyes: the fallbacks are close but not identical, and a late swap can re-wrap a line
 * and move the page. Once the fonts have loaded, a flag lets later page loads use them from
 * the first paint on (this head script), through font-display: optional twins, so a cache
 * that was emptied since costs the fonts for one page, never a layout shift.
 */
export const WEB_FONTS_CLASS = 'web-fonts'
/** Fonts expected in the HTTP cache: their font-display: optional twins (src/app/fonts.ts). */
export const CACHED_WEB_FONTS_CLASS = 'web-fonts-cached'
export const WEB_FONTS_CACHED_KEY = 'folio-web-fonts'

/** Inline in <head>, before first paint; allowed by its hash in the CSP. */
export const webFontsScript = `try{if(localStorage.getItem('${WEB_FONTS_CACHED_KEY}'))document.documentElement.classList.add('${CACHED_WEB_FONTS_CLASS}')}catch(e){}`

/** Run after the first paint: fetch the fonts (faces are only fetched once used) and remember. */
export const loadWebFontsSource = `if(document.fonts&&document.fonts.load)Promise.all([document.fonts.load("1em Inter"),document.fonts.load("1em 'JetBrains Mono'")]).then(function(){try{localStorage.setItem('${WEB_FONTS_CACHED_KEY}','1')}catch(e){}});`

/** At a navigation, where a change of font cannot move what someone is reading. */
export function switchOnWebFonts(): void {
  document.documentElement.classList.add(WEB_FONTS_CLASS)
}
