/**
 * The marketing feature: pictures of the product for the landing page and the tour, made of
 * HTML and CSS around build-time renders of the sample notes in ./samples (rendered by
 * scripts/content/productSamples.ts; loaders read them from ../content/server). No image, no
 * editor and no highlighter reach the browser.
 */
export { AttachmentMock } from './AttachmentMock'
export { ConflictMock } from './ConflictMock'
export { EditorPreviewMock } from './EditorPreviewMock'
export { ProductShot } from './ProductShot'
export { RealtimeMock } from './RealtimeMock'
export { SampleHtml } from './SampleHtml'
export { TwoFactorMock } from './TwoFactorMock'
