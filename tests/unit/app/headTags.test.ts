import { createElement as h } from 'react'
import { describe, expect, it } from 'vitest'
import { mergeHeadProps } from '../../../src/app/head/headTags.ts'

const shell = {
  htmlAttributes: { lang: 'en' },
  children: [h('meta', { name: 'generator', content: 'Folio' }), h('title', null, 'Folio')],
}

describe('mergeHeadProps', () => {
  it('lets the later head win the title and a contested tag, and keeps the rest', () => {
    const page = {
      children: [
        h('title', null, 'Pricing', ' · ', 'Folio'),
        h('meta', { name: 'generator', content: 'Folio pricing' }),
        h('meta', { name: 'description', content: 'Plans' }),
        h('link', { rel: 'canonical', href: 'https://folio.example/pricing' }),
      ],
    }
    const head = mergeHeadProps([shell, page])
    expect(head.title).toBe('Pricing · Folio')
    expect(head.tags).toEqual([
      { tag: 'meta', attributes: { name: 'generator', content: 'Folio pricing' }, text: '' },
      { tag: 'meta', attributes: { name: 'description', content: 'Plans' }, text: '' },
      {
        tag: 'link',
        attributes: { rel: 'canonical', href: 'https://folio.example/pricing' },
        text: '',
      },
    ])
  })

  it('keeps repeated tags of one head, such as one article:tag per tag', () => {
    const post = {
      children: [
        h('meta', { property: 'article:tag', content: 'announcement' }),
        h('meta', { property: 'article:tag', content: 'product' }),
      ],
    }
    const contents = mergeHeadProps([shell, post]).tags.map((tag) => tag.attributes.content)
    expect(contents).toEqual(['Folio', 'announcement', 'product'])
  })

  it('merges html attributes, the later head overriding', () => {
    const forced = { htmlAttributes: { 'data-forced-color-mode': 'light', lang: 'en-GB' } }
    expect(mergeHeadProps([shell, forced]).htmlAttributes).toEqual({
      lang: 'en-GB',
      'data-forced-color-mode': 'light',
    })
  })

  it('turns JSX attribute names into HTML ones and keeps script text', () => {
    const head = mergeHeadProps([
      {
        children: [
          h('meta', { httpEquiv: 'refresh', content: '5' }),
          h('meta', { charSet: 'utf-8' }),
          h('script', { type: 'application/ld+json' }, '{"@type":"BlogPosting"}'),
          null,
          false,
          'stray text',
        ],
      },
    ])
    expect(head.title).toBeUndefined()
    expect(head.tags).toEqual([
      { tag: 'meta', attributes: { 'http-equiv': 'refresh', content: '5' }, text: '' },
      { tag: 'meta', attributes: { charset: 'utf-8' }, text: '' },
      {
        tag: 'script',
        attributes: { type: 'application/ld+json' },
        text: '{"@type":"BlogPosting"}',
      },
    ])
  })

  it('leaves out what no head asked for', () => {
    expect(mergeHeadProps([])).toEqual({ title: undefined, htmlAttributes: {}, tags: [] })
  })
})
