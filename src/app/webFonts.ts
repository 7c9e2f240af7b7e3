/**
 * When the web fonts apply. A first-time visitor's first paint uses the metric-matched local
 * fallbacks, and the web fonts are switched on after that paint (with hydration, see
 * scripts/build/deferHydration.ts), so ~90 KB of fonts never delay the first paint on a slow
 * phone. Once the fonts have loaded, a flag lets later page loads, which find them in the
 * HTTP cache, use them from the first paint on (this head script), with no visible swap.
 */
export const WEB_FONTS_CLASS = 'web-fonts'
export const WEB_FONTS_CACHED_KEY = 'folio-web-fonts'

/** Inline in <head>, before first paint; allowed by its hash in the CSP. */
export const webFontsScript = `try{if(localStorage.getItem('${WEB_FONTS_CACHED_KEY}'))document.documentElement.classList.add('${WEB_FONTS_CLASS}')}catch(e){}`

/** Run after the first paint: switch the fonts on and remember once they are cached. */
export const enableWebFontsSource = `var d=document.documentElement;d.classList.add('${WEB_FONTS_CLASS}');if(document.fonts)document.fonts.ready.then(function(){try{localStorage.setItem('${WEB_FONTS_CACHED_KEY}','1')}catch(e){}});`
