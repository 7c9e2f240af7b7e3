import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import {
  createDocument,
  deleteDocument,
  renameDocument,
} from '../../../src/features/workspace/documentsApi.ts'

/** A client whose every request fails as a browser's does with no network. */
const offline = createClient('http://127.0.0.1:9', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false },
  global: { fetch: () => Promise.reject(new TypeError('Failed to fetch')) },
  // Node 20 has no WebSocket of its own; realtime-js wants one even when unused.
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
})

describe('what the documents API says when the browser is offline', () => {
  it('says what could not be done, and promises nothing it will not do later', async () => {
    const results = {
      create: await createDocument(offline, { title: 'Untitled' }),
      rename: await renameDocument(offline, 'doc-1', 'New name'),
      delete: await deleteDocument(offline, 'doc-1'),
    }
    expect(results.create).toEqual({
      ok: false,
      kind: 'offline',
      message:
        'You are offline, so Folio could not create the document. Try again once you are back online.',
    })
    expect(results.rename).toMatchObject({
      message:
        'You are offline, so Folio could not rename the document. Try again once you are back online.',
    })
    expect(results.delete).toMatchObject({
      message:
        'You are offline, so Folio could not delete the document. Try again once you are back online.',
    })
    // Nothing of these is kept to be saved later, so none may say so.
    for (const result of Object.values(results))
      expect(result.ok ? '' : result.message).not.toMatch(/kept|saved when/)
  })
})
