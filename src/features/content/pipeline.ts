/**
 * The markdown pipeline as a separate entry (~50 KB gzip with its sanitiser): import it
 * lazily, where documents are rendered in the browser (the dashboard preview).
 */
export { renderMarkdown, type MarkdownOptions } from './markdown'
export { languageOf, type CodeHighlighter } from './highlightCode'
export { SHIKI_THEMES } from './themes'
export { createSlugger, slugBase } from './slugger'
