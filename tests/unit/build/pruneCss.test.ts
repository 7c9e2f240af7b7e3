import { describe, expect, it } from 'vitest'
import {
  markupOf,
  requiredBy,
  withoutUnmatchedRules,
  withoutUnreadProperties,
} from '../../../scripts/build/pruneCss.ts'

const page = (body: string) => markupOf(`<html><head></head><body>${body}</body></html>`)
const post = page('<main class="prose"><h2>Title</h2><p>Text <code>x</code></p></main>')

describe('withoutUnmatchedRules', () => {
  it('takes out rules whose classes the page does not have, and keeps the rest as written', () => {
    const css =
      '.prose{line-height:1.7}.error-screen{display:flex}.prose h2,.post-card h2{margin:0}'
    expect(withoutUnmatchedRules(css, post)).toEqual({
      css: '.prose{line-height:1.7}.prose h2{margin:0}',
      pruned: true,
    })
  })

  it('returns the stylesheet untouched when every rule can style the page', () => {
    const css = '.prose{line-height:1.7}\n.prose code{font-size:.9em}'
    expect(withoutUnmatchedRules(css, post)).toEqual({ css, pruned: false })
  })

  it('keeps the states script or the visitor bring: colour mode, fonts, hover, focus, attributes', () => {
    const css =
      ':root.dark .prose{color:#fff}:root.web-fonts{font-family:Inter}.prose:hover{color:red}' +
      '.prose:focus-visible{outline:0}.prose[data-open=true]{display:flex}.prose:not(.missing){top:0}'
    expect(withoutUnmatchedRules(css, post).css).toBe(css)
  })

  it('takes out rules for elements the page does not have, and @media blocks left empty', () => {
    const css = '.prose table{margin:0}@media (width<=52rem){.prose th{padding:0}}h2{margin:0}'
    expect(withoutUnmatchedRules(css, post).css).toBe('h2{margin:0}')
  })
})

describe('withoutUnreadProperties', () => {
  it('takes out the tokens nothing reads, even when only another token read them', () => {
    const css =
      ':root{--text:#111;--danger:#b42318;--shadow-colour:#000;--shadow:0 1px var(--shadow-colour)}' +
      '.prose{color:var(--text)}'
    expect(withoutUnreadProperties(css, new Set())).toEqual({
      css: ':root{--text:#111}.prose{color:var(--text)}',
      pruned: true,
    })
  })

  it('keeps the tokens the page reads elsewhere: in another of its stylesheets or its markup', () => {
    const css = ':root{--accent:#4338ca;--radius-sm:8px}'
    expect(withoutUnreadProperties(css, new Set(['--accent', '--radius-sm']))).toEqual({
      css,
      pruned: false,
    })
  })
})

describe('requiredBy', () => {
  it('names the classes and elements a selector needs, not those under :not() or :is()', () => {
    expect(requiredBy('.prose :is(h1,h2):hover>.heading-anchor:not(.x)')).toEqual({
      classes: ['prose', 'heading-anchor'],
      elements: [],
    })
    expect(requiredBy('.site-nav ul>li+a[href$=".css"]')).toEqual({
      classes: ['site-nav'],
      elements: ['ul', 'li', 'a'],
    })
  })
})
