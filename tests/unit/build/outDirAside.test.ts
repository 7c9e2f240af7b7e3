import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { moveFolderAside } from '../../../scripts/build/outDirAside.ts'

let parent: string
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'folio-outdir-'))
})
afterEach(() => rm(parent, { recursive: true, force: true }))

async function lastBuild(dir: string, pages: number): Promise<void> {
  for (let n = 0; n < pages; n += 1) {
    await mkdir(join(dir, 'blog', `post-${n}`), { recursive: true })
    await writeFile(join(dir, 'blog', `post-${n}`, 'index.html'), `<p>${n}</p>`)
  }
}

describe('moveFolderAside', () => {
  it('leaves no file of the last build where the new one is written, before deleting them', async () => {
    const dist = join(parent, 'dist')
    await lastBuild(dist, 50)
    const { removed } = await moveFolderAside(dist)
    // The new build may start writing now: nothing of the old one is in its way.
    expect(existsSync(dist)).toBe(false)
    await removed
    expect(await readdir(parent)).toEqual([])
  })

  it('deletes what a crashed build left aside, and nothing else beside the output folder', async () => {
    const dist = join(parent, 'dist')
    await lastBuild(join(parent, '.dist-old-123-456'), 3)
    await writeFile(join(parent, 'notes.txt'), 'mine')
    await lastBuild(join(parent, 'dist-other'), 2)
    await (
      await moveFolderAside(dist)
    ).removed
    expect((await readdir(parent)).sort()).toEqual(['dist-other', 'notes.txt'])
  })

  it('sets the folder aside again within the millisecond it last did, before that one is deleted', async () => {
    // Two caches opened in one millisecond (the page cache's unit test did, now and then): the
    // rename found the name the first had taken still there and failed with ENOTEMPTY.
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_795_842_411_896)
    try {
      const dist = join(parent, 'dist')
      await lastBuild(join(parent, `.dist-old-${process.pid}-1795842411896`), 2)
      await lastBuild(dist, 2)
      const { removed } = await moveFolderAside(dist)
      expect(existsSync(dist)).toBe(false)
      await removed
      expect(await readdir(parent)).toEqual([])
    } finally {
      now.mockRestore()
    }
  })

  it('leaves a folder holding a git checkout to Vite, which keeps .git', async () => {
    const dist = join(parent, 'dist')
    await mkdir(join(dist, '.git'), { recursive: true })
    await (
      await moveFolderAside(dist)
    ).removed
    expect(existsSync(join(dist, '.git'))).toBe(true)
  })
})
