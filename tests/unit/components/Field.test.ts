import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Field } from '../../../src/components/Field.tsx'

const render = (props: { hint?: string; error?: string | null }) =>
  renderToStaticMarkup(createElement(Field, { label: 'Password', name: 'password', ...props }))

describe('Field', () => {
  it('describes the input with its hint while the value is fine', () => {
    const html = render({ hint: 'At least 8 characters.' })
    expect(html).toContain('At least 8 characters.')
    expect(html).toMatch(/aria-describedby="[^"]+-hint"/)
  })

  it('shows the error in place of the hint, so the rule is said once', () => {
    const html = render({ hint: 'At least 8 characters.', error: 'Use at least 8 characters.' })
    expect(html).toContain('Use at least 8 characters.')
    expect(html).not.toContain('At least 8 characters.')
    expect(html).toMatch(/aria-describedby="[^"]+-error"/)
    expect(html).toContain('aria-invalid="true"')
  })
})
