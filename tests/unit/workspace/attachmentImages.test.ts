import { describe, expect, it } from 'vitest'
import { attachmentUrl } from '../../../src/features/workspace/attachments.ts'
import {
  attachmentPathsIn,
  withSignedImages,
} from '../../../src/features/workspace/preview/attachmentImages.ts'

const BACKEND = 'http://127.0.0.1:54321'
const path = 'user-1/doc-1/abc-diagram.png'
const html = [
  `<p><img src="${attachmentUrl(BACKEND, path)}" alt="diagram"></p>`,
  '<p><img src="https://example.com/cat.png" alt="cat"></p>',
].join('\n')

describe('attachment images in the preview', () => {
  it('finds the attachments of this backend only', () => {
    expect(attachmentPathsIn(html, BACKEND)).toEqual([path])
  })

  it('swaps in a signed URL, and leaves other images alone', () => {
    const signed = `${BACKEND}/storage/v1/object/sign/attachments/${path}?token=a&b`
    const out = withSignedImages(html, BACKEND, (p) => (p === path ? signed : undefined))
    expect(out).toContain(
      `<img src="${BACKEND}/storage/v1/object/sign/attachments/${path}?token=a&#x26;b" data-attachment="${path}" alt="diagram">`,
    )
    expect(out).toContain('<img src="https://example.com/cat.png" alt="cat">')
  })

  it('drops the src until a signed URL is known, so the browser never asks for it', () => {
    const out = withSignedImages(html, BACKEND, () => undefined)
    expect(out).not.toContain('/object/authenticated/')
    expect(out).toContain(`data-attachment="${path}" data-loading="true"`)
  })
})
