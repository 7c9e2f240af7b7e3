import { markdown, markdownLanguage } from '@codemirror/lang-markdown'
import { ensureSyntaxTree } from '@codemirror/language'
import { EditorState } from '@codemirror/state'
import { highlightTree, tagHighlighter, tags as t } from '@lezer/highlight'
import { describe, expect, it } from 'vitest'
import {
  HTML_IN_MARKDOWN,
  isLangMarkdown,
  markdownHtmlPlugin,
} from '../../../scripts/vite/markdownHtmlPlugin.ts'
import { html } from '../../../src/features/workspace/editor/htmlInMarkdown.ts'

const names = tagHighlighter([
  { tag: t.tagName, class: 'tag' },
  { tag: t.attributeName, class: 'attribute' },
  { tag: t.attributeValue, class: 'value' },
  { tag: t.comment, class: 'comment' },
  { tag: t.angleBracket, class: 'bracket' },
])

/** Each coloured stretch of `doc` as `class:text`, parsed as the editor parses a note. */
function colouredIn(doc: string): string[] {
  const state = EditorState.create({
    doc,
    extensions: markdown({
      base: markdownLanguage,
      htmlTagLanguage: html(),
      completeHTMLTags: false,
    }),
  })
  const tree = ensureSyntaxTree(state, doc.length, 5_000)
  if (!tree) throw new Error('the note did not parse')
  const stretches: string[] = []
  highlightTree(tree, names, (from, to, classes) => {
    for (const name of classes.split(' ')) stretches.push(`${name}:${doc.slice(from, to)}`)
  })
  return stretches
}

describe('HTML inside markdown, coloured without lang-html', () => {
  it('colours a block tag’s name, attributes and values, and its closing tag', () => {
    const coloured = colouredIn('# Notes\n\n<details open class="box">\n\nHidden\n\n</details>\n')
    expect(coloured).toEqual([
      'tag:<details',
      'attribute:open',
      'attribute:class',
      'value:"box"',
      'bracket:>',
      'tag:</details',
      'bracket:>',
    ])
  })

  it('colours inline tags within a paragraph and leaves the text around them alone', () => {
    const coloured = colouredIn('Press <kbd>Ctrl</kbd> then S.\n')
    expect(coloured).toEqual(['tag:<kbd', 'bracket:>', 'tag:</kbd', 'bracket:>'])
  })

  it('colours a comment that spans lines as one comment', () => {
    const coloured = colouredIn('<!-- a note\nto self -->\n\nText\n')
    expect(coloured.filter((stretch) => stretch.startsWith('comment:')).join('')).toBe(
      'comment:<!-- a notecomment:to self -->',
    )
  })

  it('leaves code fences to their own language: a tag in a fence is not parsed as HTML', () => {
    expect(colouredIn('```\n<div class="x">\n```\n')).toEqual([])
  })
})

describe('which imports the client build redirects', () => {
  it('only lang-markdown’s own', () => {
    expect(isLangMarkdown('/repo/node_modules/@codemirror/lang-markdown/dist/index.js')).toBe(true)
    expect(isLangMarkdown('/repo/node_modules/@codemirror/language-data/dist/index.js')).toBe(false)
    expect(isLangMarkdown('/repo/src/features/workspace/editor/createMarkdownEditor.ts')).toBe(
      false,
    )
    expect(isLangMarkdown(undefined)).toBe(false)
  })

  it('lang-html and autocomplete, as lang-markdown imports them, in the production build', () => {
    const plugin = markdownHtmlPlugin()
    const resolve = (source: string, importer: string) =>
      (plugin.resolveId as (source: string, importer: string) => string | null)(source, importer)
    const langMarkdown = '/repo/node_modules/@codemirror/lang-markdown/dist/index.js'
    ;(plugin.configResolved as (config: { command: string }) => void)({ command: 'build' })
    expect(resolve('@codemirror/lang-html', langMarkdown)).toBe(HTML_IN_MARKDOWN)
    expect(resolve('@codemirror/autocomplete', langMarkdown)).toBe(HTML_IN_MARKDOWN)
    expect(resolve('@codemirror/state', langMarkdown)).toBeNull()
    // An html fence's lang-html keeps its real autocomplete.
    expect(
      resolve('@codemirror/autocomplete', '/repo/node_modules/@codemirror/lang-html/dist/index.js'),
    ).toBeNull()
    ;(plugin.configResolved as (config: { command: string }) => void)({ command: 'serve' })
    expect(resolve('@codemirror/autocomplete', langMarkdown)).toBeNull()
  })
})
