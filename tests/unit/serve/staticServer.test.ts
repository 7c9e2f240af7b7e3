import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStaticServer } from '../../../scripts/serve/staticServer.ts'

// A dist/ with what the deploy uploads, what it skips (dot folders, symlinks) and, next to it,
// a file a symlink could lead to.
let work: string
let server: Server
let url: string

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'folio-serve-'))
  const dist = join(work, 'dist')
  await mkdir(join(dist, '.folio'), { recursive: true })
  await mkdir(join(dist, '.vite'), { recursive: true })
  await mkdir(join(dist, 'about'), { recursive: true })
  await mkdir(join(work, 'outside'), { recursive: true })
  await writeFile(join(dist, 'index.html'), '<p>home</p>')
  await writeFile(join(dist, 'about', 'index.html'), '<p>about</p>')
  await writeFile(join(dist, '404.html'), '<p>not found</p>')
  await writeFile(join(dist, '.folio', 'headers.json'), '{"headers":{}}')
  await writeFile(join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{}}')
  await writeFile(join(work, '.env.local'), 'STRIPE_SECRET_KEY=sk_test_outside_dist\n')
  await writeFile(join(work, 'outside', 'index.html'), '<p>outside</p>')
  await symlink(join(work, '.env.local'), join(dist, 'env.txt'))
  await symlink(join(work, 'outside'), join(dist, 'linked'))
  // A symlink that stays inside dist/ is refused too: the deploy uploads no symlink at all.
  await symlink(join(dist, 'about', 'index.html'), join(dist, 'same.html'))
  ;({ server, url } = await startStaticServer({ root: dist, port: 0 }))
})

afterAll(async () => {
  await new Promise((done) => server?.close(done))
  await rm(work, { recursive: true, force: true })
})

async function get(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${url}${path}`)
  return { status: response.status, body: await response.text() }
}

describe('the static server', () => {
  it('serves pages from their own files', async () => {
    expect(await get('/')).toEqual({ status: 200, body: '<p>home</p>' })
    expect(await get('/about')).toEqual({ status: 200, body: '<p>about</p>' })
  })

  it('answers 404 for dot folders, which the deploy never uploads', async () => {
    for (const path of [
      '/.folio/headers.json',
      '/.vite/manifest.json',
      '/%2Evite/manifest.json',
      '/about/../.folio/headers.json',
    ]) {
      expect(await get(path), path).toEqual({ status: 404, body: '<p>not found</p>' })
    }
  })

  it('does not follow symlinks, out of the served folder or within it', async () => {
    for (const path of ['/env.txt', '/linked/', '/linked', '/same']) {
      const { status, body } = await get(path)
      expect(status, path).toBe(404)
      expect(body, path).toBe('<p>not found</p>')
    }
  })
})
