import { describe, expect, it } from 'vitest'
import { withoutHeadWhitespace } from '../../../scripts/build/headWhitespace.ts'

describe('withoutHeadWhitespace', () => {
  it('takes out the indentation between head elements and leaves the body as written', () => {
    const html =
      '<html><head><meta charset="UTF-8">\n    <title>A title</title>\n    <style>a{color:red}</style>\n  </head>\n' +
      '  <body><p><b>bold</b> <i>then italic</i></p><pre>  indented\n  code</pre></body></html>'
    expect(withoutHeadWhitespace(html)).toBe(
      '<html><head><meta charset="UTF-8"><title>A title</title><style>a{color:red}</style></head>\n' +
        '  <body><p><b>bold</b> <i>then italic</i></p><pre>  indented\n  code</pre></body></html>',
    )
  })
})
