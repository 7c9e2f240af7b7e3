import { describe, expect, it } from 'vitest'
import { attachmentUrl } from '../../../src/features/workspace/attachments.ts'
import {
  attachmentPathsIn,
  createImageBlockSigner,
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

describe('attachment images drawn in the preview', () => {
  const image = `<p><img src="${attachmentUrl(BACKEND, path)}" alt="diagram"></p>`
  const edited = `<p>Edited <img src="${attachmentUrl(BACKEND, path)}" alt="diagram"></p>`
  const urlWithToken = (token: string) => () =>
    `${BACKEND}/storage/v1/object/sign/attachments/${path}?token=${token}`

  it('keeps an image on screen under the URL it loaded with when its URL is renewed', () => {
    const signBlocks = createImageBlockSigner()
    let current = urlWithToken('first')
    const signedUrl = () => current()
    const first = signBlocks([image, '<p>text</p>'], new Set([0]), BACKEND, signedUrl)
    expect(first[0]).toContain('token=first')

    // Renewed before it lapsed; the note is drawn again as typing elsewhere changes it.
    current = urlWithToken('renewed')
    const again = signBlocks([image, '<p>more text</p>'], new Set([0]), BACKEND, signedUrl)
    expect(again[0]).toBe(first[0]) // same block, same nodes: nothing downloaded again

    // A block drawn anew (its paragraph edited) gets the URL that is valid now.
    const redrawn = signBlocks([edited, '<p>more text</p>'], new Set([0]), BACKEND, signedUrl)
    expect(redrawn[0]).toContain('token=renewed')
  })

  it('draws a block again once a URL its images waited for is known', () => {
    const signBlocks = createImageBlockSigner()
    let known = false
    const signedUrl = () => (known ? urlWithToken('late')() : undefined)
    expect(signBlocks([image], new Set([0]), BACKEND, signedUrl)[0]).toContain('data-loading')
    known = true
    expect(signBlocks([image], new Set([0]), BACKEND, signedUrl)[0]).toContain('token=late')
  })

  it('starts over for someone else signed in', () => {
    const signBlocks = createImageBlockSigner()
    signBlocks([image], new Set([0]), BACKEND, urlWithToken('theirs'))
    const mine = signBlocks([image], new Set([0]), BACKEND, urlWithToken('mine'))
    expect(mine[0]).toContain('token=mine')
  })
})
