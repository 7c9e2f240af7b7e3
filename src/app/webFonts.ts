/**
 * When the web fonts apply. Every page ends up in them, on every visit:
 *
 * - A first visit paints with the metric-matched local fallbacks, then asks for the fonts right
 *   after that first paint (with hydration, see scripts/build/deferHydration.ts) and swaps them
 *   in once both have arrived. The fallbacks occupy the same space, so the swap moves no text. Asking
 *   before the first paint (a preload, or the fonts in use from the first style pass) put ~90 KB
 *   in front of the largest paint: measured in docs/decisions/0023-one-typeface-on-every-page.md.
 * - Once they have loaded, a flag lets every later page load use them from its first paint
 *   (this head script); from the HTTP cache they are there at once, and if the cache was
 *   emptied since, the same swap happens again, still without a shift.
 */
export const WEB_FONTS_CLASS = 'web-fonts'
export const WEB_FONTS_CACHED_KEY = 'folio-web-fonts'

/** Inline in <head>, before first paint; allowed by its hash in the CSP. */
export const webFontsScript = `try{if(localStorage.getItem('${WEB_FONTS_CACHED_KEY}'))document.documentElement.classList.add('${WEB_FONTS_CLASS}')}catch(e){}`

/**
 * Run after the first paint: fetch the fonts, and only once they are here switch the page to
 * them and remember they are cached. Switching first (the fonts still on their way) laid the
 * whole page out twice on a first visit, once for the new font stack still drawn in the
 * fallbacks and again when the files arrived: two long tasks for a phone right after the first
 * paint. If the fonts cannot load, the page switches anyway; the fallbacks are drawn as before.
 */
export const loadWebFontsSource =
  `var useFonts=function(){document.documentElement.classList.add('${WEB_FONTS_CLASS}')};` +
  `if(document.fonts&&document.fonts.load)Promise.all([document.fonts.load("1em Inter"),document.fonts.load("1em 'JetBrains Mono'")]).then(function(){useFonts();try{localStorage.setItem('${WEB_FONTS_CACHED_KEY}','1')}catch(e){}},useFonts);` +
  `else useFonts();`
