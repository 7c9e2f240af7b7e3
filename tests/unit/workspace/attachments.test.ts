import { describe, expect, it } from 'vitest'
import {
  IMAGES_ARE_PRO,
  imagesNotAdded,
  MAX_ATTACHMENT_BYTES,
  attachmentPath,
  attachmentPathOf,
  attachmentProblem,
  attachmentUrl,
  markdownImage,
  storageRefusalStatus,
  uploadErrorMessage,
} from '../../../src/features/workspace/attachments.ts'

const BACKEND = 'http://127.0.0.1:54321'

describe('attachment limits', () => {
  it('accepts the image types the bucket allows, up to its size limit', () => {
    expect(attachmentProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull()
    expect(
      attachmentProblem({ name: 'a.avif', type: 'image/avif', size: MAX_ATTACHMENT_BYTES }),
    ).toBeNull()
  })

  it('explains what is wrong with any other file', () => {
    expect(attachmentProblem({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toBe(
      '“notes.pdf” is not an image Folio can attach. Use PNG, JPEG, GIF, WebP or AVIF.',
    )
    expect(attachmentProblem({ name: 'icon.svg', type: 'image/svg+xml', size: 10 })).toMatch(
      /not an image Folio can attach/,
    )
    expect(
      attachmentProblem({ name: 'huge.jpg', type: 'image/jpeg', size: MAX_ATTACHMENT_BYTES + 1 }),
    ).toBe('“huge.jpg” is 10.0 MB; images can be up to 10.0 MB.')
    expect(attachmentProblem({ name: 'e.png', type: 'image/png', size: 0 })).toBe(
      '“e.png” is empty.',
    )
  })

  it('maps the storage refusals to the same sentences, and a 403 to the upgrade prompt', () => {
    expect(uploadErrorMessage(403, 'a.png')).toEqual({
      message: `“a.png” was not added to the note. ${IMAGES_ARE_PRO}`,
      upgrade: true,
    })
    expect(uploadErrorMessage(413, 'a.png').message).toMatch(/too large/)
    expect(uploadErrorMessage(415, 'a.png').message).toMatch(/not an image/)
    expect(uploadErrorMessage(undefined, 'a.png').upgrade).toBe(false)
  })

  // Hosted Storage answers every refusal with HTTP 400 and puts its reason in the body's
  // statusCode; supabase-js hands on both (error.status 400, error.statusCode '413').
  it('reads the reason of a refusal from statusCode, not from the HTTP status', () => {
    const hosted = (statusCode: string) => ({ status: 400, statusCode, message: 'refused' })
    expect(storageRefusalStatus(hosted('403'))).toBe(403)
    expect(storageRefusalStatus(hosted('413'))).toBe(413)
    expect(uploadErrorMessage(storageRefusalStatus(hosted('415')), 'a.png').message).toMatch(
      /not an image/,
    )
    expect(storageRefusalStatus({ status: 400 })).toBe(400)
    expect(storageRefusalStatus({ status: 500, statusCode: 'InternalError' })).toBe(500)
    expect(storageRefusalStatus(new TypeError('Failed to fetch'))).toBeUndefined()
  })
})

describe('images a Free account tried to add', () => {
  it('are said not to be in the note, before what Pro gives', () => {
    expect(imagesNotAdded(['diagram.png'])).toBe(
      `“diagram.png” was not added to the note. ${IMAGES_ARE_PRO}`,
    )
    expect(imagesNotAdded(['a.png', 'b.png'])).toBe(
      `2 images were not added to the note. ${IMAGES_ARE_PRO}`,
    )
  })
})

describe('attachment paths and links', () => {
  const user = '0b6f2a4e-1111-4222-8333-944445555666'

  it('stores under the user folder with a safe name', () => {
    const path = attachmentPath(
      user,
      'doc-1',
      { name: 'My Screen shot (2).PNG', type: 'image/png', size: 1 },
      'r4nd',
    )
    expect(path).toBe(`${user}/doc-1/r4nd-my-screen-shot-2.png`)
    expect(
      attachmentPath(user, 'doc-1', { name: '../../.jpg', type: 'image/jpeg', size: 1 }, 'x'),
    ).toBe(`${user}/doc-1/x-image.jpg`)
  })

  it('links to the authenticated object address and recognises it again', () => {
    const path = `${user}/doc-1/r-pic.png`
    const url = attachmentUrl(`${BACKEND}/`, path)
    expect(url).toBe(`${BACKEND}/storage/v1/object/authenticated/attachments/${path}`)
    expect(attachmentPathOf(BACKEND, url)).toBe(path)
    expect(attachmentPathOf(BACKEND, 'https://elsewhere.example/pic.png')).toBeNull()
    expect(
      attachmentPathOf(
        BACKEND,
        `${BACKEND}/storage/v1/object/authenticated/attachments/a/../b.png`,
      ),
    ).toBeNull()
  })

  it('writes a markdown image whose alt text cannot break the link', () => {
    expect(markdownImage('diagram [v2].png', 'https://x/y.png')).toBe(
      '![diagram v2](https://x/y.png)',
    )
    expect(markdownImage('.png', 'https://x/y.png')).toBe('![image](https://x/y.png)')
  })
})
