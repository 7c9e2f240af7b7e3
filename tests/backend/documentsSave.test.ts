/**
 * The autosave through the app's own documents API (src/features/workspace/documentsApi): the
 * saved row comes back with its new version, and without the text the tab has just sent, which
 * for a long note was a megabyte to receive and parse after every pause in typing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Backend } from '../../scripts/local/supabase/index.ts'
import {
  createDocument,
  getDocument,
  saveDocumentBody,
} from '../../src/features/workspace/documentsApi.ts'
import { signedInUser, startTestBackend } from './helpers.ts'

let backend: Backend
beforeAll(async () => {
  backend = await startTestBackend()
})
afterAll(() => backend?.stop())

describe('saving a document', () => {
  it('answers with the new version and the text as stored, without sending the text back', async () => {
    const { supabase } = await signedInUser(backend, 'save-answer')
    const created = await createDocument(supabase, { title: 'Long', body: 'first draft' })
    if (!created.ok) throw new Error(created.message)
    const body = `# Long\n\n${'A line of a long note, with ünïcode. '.repeat(5_000)}`

    const answers: number[] = []
    const realFetch = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      const response = await realFetch(...args)
      const method = args[1]?.method ?? (args[0] instanceof Request ? args[0].method : 'GET')
      if (method === 'PATCH') answers.push((await response.clone().text()).length)
      return response
    })
    const outcome = await saveDocumentBody(supabase, created.data.id, body, created.data.version)
    spy.mockRestore()

    expect(answers).toHaveLength(1)
    expect(answers[0]).toBeLessThan(1_000) // the row's id, title, version and times
    const stored = await getDocument(supabase, created.data.id)
    expect(stored.ok && stored.data).toMatchObject({ body, version: created.data.version + 1 })
    expect(outcome).toEqual({ kind: 'saved', document: stored.ok ? stored.data : null })
  })
})
