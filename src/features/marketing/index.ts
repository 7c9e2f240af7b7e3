/**
 * The marketing feature: pictures of the product for the landing page and the tour, made of
 * HTML and CSS around build-time renders of the sample notes in ./samples (rendered by
 * scripts/content/productSamples.ts; loaders read them from ../content/server). No image, no
 * editor and no highlighter reach the browser.
 *
 * Two entries, so each page loads only its own pictures: this one (the editor beside its
 * preview, for the landing page and the tour) and ./tour (the tour's other capabilities).
 */
export { EditorPreviewMock } from './EditorPreviewMock'
export { ProductShot } from './ProductShot'
export { SampleHtml } from './SampleHtml'
