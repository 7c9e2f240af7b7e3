/**
 * The editor's look, written with the site's CSS variables (src/features/workspace/workspace.css), so it follows the colour mode on <html> without rebuilding the editor; only the
 * `dark` flag (selection colours, search panel) is switched through a compartment.
 */
import { HighlightStyle } from '@codemirror/language'
import { EditorView } from '@codemirror/view'
import { tags as t } from '@lezer/highlight'

export const editorTheme = EditorView.theme({
  '&': {
    color: 'var(--text)',
    backgroundColor: 'var(--surface)',
    fontSize: '0.95rem',
    height: '100%',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'var(--font-mono)',
    lineHeight: '1.65',
    overflow: 'auto',
  },
  '.cm-content': { padding: '1rem 0', caretColor: 'var(--accent)' },
  '.cm-line': { padding: '0 1rem' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--accent)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection':
    { backgroundColor: 'var(--cm-selection)' },
  '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--cm-match)' },
  '.cm-searchMatch': { backgroundColor: 'var(--cm-match)', outline: '1px solid var(--accent)' },
  '.cm-placeholder': { color: 'var(--text-muted)' },
  '.cm-panels': {
    backgroundColor: 'var(--bg-muted)',
    color: 'var(--text)',
    borderColor: 'var(--border)',
  },
  '.cm-panels input, .cm-panels button': { font: 'inherit', color: 'inherit' },
  '.cm-textfield': {
    backgroundColor: 'var(--surface)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
  },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--surface)',
    border: '1px solid var(--border)',
    borderRadius: '6px',
  },
})

export const markdownHighlightStyle = HighlightStyle.define([
  { tag: t.heading1, fontWeight: '700', fontSize: '1.25em', color: 'var(--cm-heading)' },
  { tag: t.heading2, fontWeight: '700', fontSize: '1.12em', color: 'var(--cm-heading)' },
  {
    tag: [t.heading3, t.heading4, t.heading5, t.heading6],
    fontWeight: '700',
    color: 'var(--cm-heading)',
  },
  { tag: t.strong, fontWeight: '700' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: [t.link, t.url], color: 'var(--cm-link)' },
  { tag: t.quote, color: 'var(--text-muted)', fontStyle: 'italic' },
  // Markdown's own marks (#, *, -, ```); list items themselves keep the text colour.
  { tag: [t.processingInstruction, t.contentSeparator], color: 'var(--cm-mark)' },
  { tag: t.monospace, color: 'var(--cm-code)' },
  { tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword], color: 'var(--cm-keyword)' },
  { tag: [t.string, t.special(t.string), t.regexp], color: 'var(--cm-string)' },
  {
    tag: [t.comment, t.lineComment, t.blockComment],
    color: 'var(--cm-comment)',
    fontStyle: 'italic',
  },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--cm-number)' },
  { tag: [t.typeName, t.className, t.namespace], color: 'var(--cm-type)' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: 'var(--cm-function)' },
  { tag: [t.propertyName, t.attributeName], color: 'var(--cm-property)' },
  { tag: [t.meta, t.tagName, t.labelName], color: 'var(--cm-mark)' },
  { tag: t.invalid, color: 'var(--danger)' },
])
