import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_FILE_ENV, findPost } from '../../../src/features/content/server.ts'
import type { SiteContent } from '../../../src/features/content/types.ts'

const post = {
  slug: 'hello',
  title: 'Hello',
  description: 'A post.',
  date: '2026-11-23',
  tags: ['news'],
  author: 'Ada',
  readingMinutes: 1,
  html: '<h2 id="user-content-setup">Setup</h2>',
  headings: [{ depth: 2, id: 'setup', text: 'Setup' }],
}

let folder: string
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'folio-site-content-'))
  const content: SiteContent = { posts: [post], changelog: [], pages: {}, samples: {} }
  await writeFile(join(folder, 'content.json'), JSON.stringify(content))
  process.env[CONTENT_FILE_ENV] = join(folder, 'content.json')
})
afterAll(() => rm(folder, { recursive: true, force: true }))

describe('findPost', () => {
  it("gives a post's page what it shows, without the headings its prose already holds", () => {
    const { headings: _headings, ...shown } = post
    expect(findPost('hello')).toEqual(shown)
    expect(findPost('nope')).toBeUndefined()
  })
})
