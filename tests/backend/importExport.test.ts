/**
 * Import and export against the backend through supabase-js, as the dashboard runs them:
 * an import is all or nothing (the plan limit, a refused row or a failed upload leave no
 * document and no image behind), and an export reads only the user's own documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import { PLAN_LIMIT_MESSAGE } from '../../src/features/workspace/planLimits.ts'
import { databaseExportSource } from '../../src/features/workspace/transfer/runExport.ts'
import type { ImportDocument } from '../../src/features/workspace/transfer/readImport.ts'
import { writeImport } from '../../src/features/workspace/transfer/writeImport.ts'
import { PNG, makePro, signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

function markdown(title: string, body = `# ${title}\n`): ImportDocument {
  return { source: `${title}.md`, path: `${title}.md`, title, body, images: [] }
}

function withImage(title: string): ImportDocument {
  return {
    source: 'export.zip',
    path: `${title}.md`,
    title,
    body: `![dot](attachments/${title}/dot.png)\n`,
    images: [
      { zipPath: `attachments/${title}/dot.png`, name: 'dot.png', type: 'image/png', data: PNG },
    ],
  }
}

async function titles(user: Awaited<ReturnType<typeof signedInUser>>) {
  const { data } = await user.supabase.from('documents').select('title').order('title')
  return (data ?? []).map((row: { title: string }) => row.title)
}

async function storedImages(user: Awaited<ReturnType<typeof signedInUser>>) {
  const { data: folders } = await user.supabase.storage.from('attachments').list(user.id)
  return folders ?? []
}

describe('import', () => {
  it('on Free, refuses the whole import past the limit: not one document is written', async () => {
    const user = await signedInUser(backend, 'import-free')
    await user.supabase.from('documents').insert({ title: 'Existing' })
    const outcome = await writeImport({
      supabase: user.supabase,
      userId: user.id,
      supabaseUrl: backend.url,
      plan: 'free',
      documents: [markdown('One'), markdown('Two'), markdown('Three')],
    })
    expect(outcome).toEqual({
      ok: false,
      planLimit: true,
      message: `${PLAN_LIMIT_MESSAGE}. Nothing was imported.`,
    })
    expect(await titles(user)).toEqual(['Existing'])
  })

  it('on Pro, a refused document removes the images already uploaded for the others', async () => {
    const user = await signedInUser(backend, 'import-rollback')
    await makePro(backend, user.id)
    const outcome = await writeImport({
      supabase: user.supabase,
      userId: user.id,
      supabaseUrl: backend.url,
      plan: 'pro',
      // The database refuses titles over 200 characters (a check constraint).
      documents: [withImage('Pictured'), markdown('x'.repeat(201))],
    })
    expect(outcome.ok).toBe(false)
    expect(await titles(user)).toEqual([])
    expect(await storedImages(user)).toEqual([])
  })

  it('on Pro, cancelled while uploading: stops, removes the images uploaded so far, imports nothing', async () => {
    const user = await signedInUser(backend, 'import-cancel')
    await makePro(backend, user.id)
    const cancel = new AbortController()
    let uploadsStarted = 0
    const outcome = await writeImport({
      supabase: user.supabase,
      userId: user.id,
      supabaseUrl: backend.url,
      plan: 'pro',
      documents: Array.from({ length: 20 }, (_, at) => withImage(`Pictured ${at}`)),
      signal: cancel.signal,
      // Cancelled while the third image uploads.
      onProgress: (_text, stage) => {
        if (stage === 'uploading' && ++uploadsStarted === 3) cancel.abort()
      },
    })
    expect(outcome).toEqual({
      ok: false,
      planLimit: false,
      cancelled: true,
      message: 'The import was cancelled. Nothing was imported.',
    })
    // Before, the other 17 images were uploaded and all 20 documents written regardless.
    expect(uploadsStarted).toBe(3)
    expect(await titles(user)).toEqual([])
    expect(await storedImages(user)).toEqual([])
  })

  it('on Pro, writes every document and copies its images into the new document’s folder', async () => {
    const user = await signedInUser(backend, 'import-pro')
    await makePro(backend, user.id)
    const outcome = await writeImport({
      supabase: user.supabase,
      userId: user.id,
      supabaseUrl: backend.url,
      plan: 'pro',
      documents: [withImage('Pictured'), markdown('Plain')],
    })
    expect(outcome.ok).toBe(true)
    const { data } = await user.supabase.from('documents').select('id, title, body').order('title')
    const pictured = data!.find((row) => row.title === 'Pictured')!
    const link = /\]\(([^)]+)\)/.exec(pictured.body)![1]!
    expect(
      link.startsWith(
        `${backend.url}/storage/v1/object/authenticated/attachments/${user.id}/${pictured.id}/`,
      ),
    ).toBe(true)
    const path = decodeURIComponent(link.split('/attachments/')[1]!)
    const { data: blob } = await user.supabase.storage.from('attachments').download(path)
    expect(new Uint8Array(await blob!.arrayBuffer())).toEqual(PNG)
  })
})

describe('export source', () => {
  it('reads only the signed-in user’s documents, in pages', async () => {
    const owner = await signedInUser(backend, 'export-owner')
    const stranger = await signedInUser(backend, 'export-stranger')
    await makePro(backend, owner.id)
    await owner.supabase
      .from('documents')
      .insert(Array.from({ length: 5 }, (_, index) => ({ title: `Doc ${index}` })))
    await stranger.supabase.from('documents').insert({ title: 'Not yours' })
    const source = databaseExportSource(owner.supabase)
    expect(await source.count()).toBe(5)
    const pages = [...(await source.page(0, 3)), ...(await source.page(3, 3))]
    expect(pages.map((row) => row.title).sort()).toEqual([
      'Doc 0',
      'Doc 1',
      'Doc 2',
      'Doc 3',
      'Doc 4',
    ])
    expect(await source.attachment(`${stranger.id}/x/secret.png`)).toBeNull()
  })
})

describe('export and the trash', () => {
  it('leaves out documents the user deleted', async () => {
    const owner = await signedInUser(backend, 'export-trash')
    const { data } = await owner.supabase
      .from('documents')
      .insert([{ title: 'Kept' }, { title: 'Thrown away' }])
      .select('id, title')
    const thrown = data!.find((row: { title: string }) => row.title === 'Thrown away')!
    await owner.supabase
      .from('documents')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', thrown.id)
    const source = databaseExportSource(owner.supabase)
    expect(await source.count()).toBe(1)
    expect((await source.page(0, 10)).map((row) => row.title)).toEqual(['Kept'])
  })
})
