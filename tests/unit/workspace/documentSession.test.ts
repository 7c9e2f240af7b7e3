import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DocumentSession,
  mergeBoth,
  type SaveOutcome,
} from '../../../src/features/workspace/documentSession.ts'
import type { WorkspaceDocument } from '../../../src/features/workspace/types.ts'

/** An in-memory documents table with the database's rule: update only if the version matches. */
class FakeServer {
  row: WorkspaceDocument
  calls: Array<{ body: string; baseVersion: number }> = []
  /** Outcomes to return instead of touching the row (network down, server error). */
  failures: SaveOutcome[] = []
  /** Saves wait for this before answering, when set. */
  gate: Promise<void> | null = null

  constructor(body = 'hello') {
    this.row = {
      id: 'doc-1',
      title: 'Notes',
      body,
      version: 1,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    }
  }

  /** Someone else saves (another tab or device). */
  editElsewhere(patch: Partial<Pick<WorkspaceDocument, 'title' | 'body'>>): WorkspaceDocument {
    this.row = { ...this.row, ...patch, version: this.row.version + 1 }
    return { ...this.row }
  }

  save = async (id: string, body: string, baseVersion: number): Promise<SaveOutcome> => {
    this.calls.push({ body, baseVersion })
    if (this.gate) await this.gate
    const failure = this.failures.shift()
    if (failure) return failure
    if (id !== this.row.id) return { kind: 'conflict', current: null }
    if (this.row.version !== baseVersion) return { kind: 'conflict', current: { ...this.row } }
    this.row = { ...this.row, body, version: this.row.version + 1 }
    return { kind: 'saved', document: { ...this.row } }
  }
}

function open(server: FakeServer) {
  return new DocumentSession({ ...server.row }, server.save, {
    debounceMs: 500,
    retryDelaysMs: [1000, 5000],
  })
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('autosave', () => {
  it('saves once after a pause in typing, based on the loaded version', async () => {
    const server = new FakeServer()
    const session = open(server)
    session.edit('hello w')
    session.edit('hello wo')
    session.edit('hello world')
    expect(session.getState().status).toBe('pending')
    expect(session.hasUnsavedChanges()).toBe(true)
    await vi.advanceTimersByTimeAsync(499)
    expect(server.calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toEqual([{ body: 'hello world', baseVersion: 1 }])
    expect(session.getState()).toMatchObject({ status: 'saved', draft: 'hello world' })
    expect(session.getState().base.version).toBe(2)
    expect(session.hasUnsavedChanges()).toBe(false)
  })

  it('does not save when the text goes back to what is saved', async () => {
    const server = new FakeServer()
    const session = open(server)
    session.edit('hello!')
    session.edit('hello')
    expect(session.getState().status).toBe('saved')
    await vi.advanceTimersByTimeAsync(2000)
    expect(server.calls).toEqual([])
  })

  it('saves text typed during a save right after it, on the new version', async () => {
    const server = new FakeServer()
    let open_: () => void = () => {}
    server.gate = new Promise((resolve) => (open_ = resolve))
    const session = open(server)
    session.edit('one')
    await vi.advanceTimersByTimeAsync(500)
    expect(session.getState().status).toBe('saving')
    session.edit('one two')
    expect(session.hasUnsavedChanges()).toBe(true)
    server.gate = null
    open_()
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(500)
    expect(server.calls).toEqual([
      { body: 'one', baseVersion: 1 },
      { body: 'one two', baseVersion: 2 },
    ])
    expect(server.row).toMatchObject({ body: 'one two', version: 3 })
    expect(session.getState().status).toBe('saved')
  })

  it('flush saves at once and reports whether everything is saved', async () => {
    const server = new FakeServer()
    const session = open(server)
    session.edit('now')
    await expect(session.flush()).resolves.toBe(true)
    expect(server.row.body).toBe('now')
    server.failures.push({ kind: 'failed', message: 'boom' })
    session.edit('later')
    await expect(session.flush()).resolves.toBe(false)
    expect(session.getState().draft).toBe('later')
  })
})

describe('failed saves', () => {
  it('keeps the text, shows the failure and retries with growing delays', async () => {
    const server = new FakeServer()
    server.failures.push(
      { kind: 'failed', message: 'The server answered 500.' },
      { kind: 'offline' },
    )
    const session = open(server)
    session.edit('precious')
    await vi.advanceTimersByTimeAsync(500)
    expect(session.getState()).toMatchObject({
      status: 'failed',
      error: 'The server answered 500.',
      draft: 'precious',
    })
    expect(session.hasUnsavedChanges()).toBe(true)
    session.edit('precious text') // typing while failed goes with the retry
    await vi.advanceTimersByTimeAsync(1000)
    expect(session.getState().status).toBe('offline')
    await vi.advanceTimersByTimeAsync(4999)
    expect(server.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls.map((call) => call.body)).toEqual([
      'precious',
      'precious text',
      'precious text',
    ])
    expect(session.getState()).toMatchObject({ status: 'saved', error: null })
    expect(server.row.body).toBe('precious text')
  })

  it('retries at once when asked (back online)', async () => {
    const server = new FakeServer()
    server.failures.push({ kind: 'offline' })
    const session = open(server)
    session.edit('offline text')
    await vi.advanceTimersByTimeAsync(500)
    expect(session.getState().status).toBe('offline')
    session.retryNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(session.getState().status).toBe('saved')
    expect(server.row.body).toBe('offline text')
  })
})

describe('conflicts', () => {
  it('detects a text change saved elsewhere and saves nothing until the person chooses', async () => {
    const server = new FakeServer()
    const session = open(server)
    server.editElsewhere({ body: 'their text' })
    session.edit('my text')
    await vi.advanceTimersByTimeAsync(500)
    expect(session.getState()).toMatchObject({ status: 'conflict', draft: 'my text' })
    expect(session.getState().theirs).toMatchObject({ body: 'their text', version: 2 })
    session.edit('my text, more')
    await vi.advanceTimersByTimeAsync(5000)
    expect(server.calls).toHaveLength(1)
    expect(server.row.body).toBe('their text')
    expect(session.hasUnsavedChanges()).toBe(true)
  })

  it('keep mine: saves my text on top of their version', async () => {
    const server = new FakeServer()
    const session = open(server)
    server.editElsewhere({ body: 'their text' })
    session.edit('my text')
    await vi.advanceTimersByTimeAsync(500)
    session.resolveConflict('mine')
    await vi.advanceTimersByTimeAsync(0)
    expect(server.calls.at(-1)).toEqual({ body: 'my text', baseVersion: 2 })
    expect(server.row).toMatchObject({ body: 'my text', version: 3 })
    expect(session.getState()).toMatchObject({ status: 'saved', theirs: null })
  })

  it('take theirs: replaces my text with theirs and tells the editor', async () => {
    const server = new FakeServer()
    const session = open(server)
    server.editElsewhere({ body: 'their text' })
    session.edit('my text')
    await vi.advanceTimersByTimeAsync(500)
    const revision = session.getState().replacedRevision
    session.resolveConflict('theirs')
    expect(session.getState()).toMatchObject({ status: 'saved', draft: 'their text' })
    expect(session.getState().replacedRevision).toBe(revision + 1)
    expect(session.getState().base.version).toBe(2)
    expect(session.hasUnsavedChanges()).toBe(false)
  })

  it('both: keeps both texts, marked, and saves them', async () => {
    const server = new FakeServer()
    const session = open(server)
    server.editElsewhere({ body: 'their text' })
    session.edit('my text')
    await vi.advanceTimersByTimeAsync(500)
    session.resolveConflict('both')
    await vi.advanceTimersByTimeAsync(0)
    expect(server.row.body).toBe(mergeBoth('my text', 'their text'))
    expect(server.row.body).toContain('my text')
    expect(server.row.body).toContain('their text')
    expect(session.getState().status).toBe('saved')
  })

  it('merges a rename made elsewhere without asking', async () => {
    const server = new FakeServer()
    const session = open(server)
    server.editElsewhere({ title: 'Renamed' })
    session.edit('my text')
    await vi.advanceTimersByTimeAsync(500)
    expect(server.calls.map((call) => call.baseVersion)).toEqual([1, 2])
    expect(server.row).toMatchObject({ title: 'Renamed', body: 'my text', version: 3 })
    expect(session.getState().status).toBe('saved')
  })

  it('reports a document deleted elsewhere and keeps the text', async () => {
    const server = new FakeServer()
    const session = open(server)
    server.row = { ...server.row, id: 'gone' }
    session.edit('orphan text')
    await vi.advanceTimersByTimeAsync(500)
    expect(session.getState()).toMatchObject({ status: 'deleted', draft: 'orphan text' })
  })
})

describe('changes arriving from elsewhere (realtime)', () => {
  it('an unmodified document takes the newer text', () => {
    const server = new FakeServer()
    const session = open(server)
    session.receiveRemote(server.editElsewhere({ body: 'fresh' }))
    expect(session.getState()).toMatchObject({ status: 'saved', draft: 'fresh' })
    expect(session.getState().replacedRevision).toBe(1)
  })

  it('a modified document turns into a conflict instead of losing either text', () => {
    const server = new FakeServer()
    const session = open(server)
    session.edit('mine')
    session.receiveRemote(server.editElsewhere({ body: 'theirs' }))
    expect(session.getState()).toMatchObject({ status: 'conflict', draft: 'mine' })
    expect(session.getState().theirs?.body).toBe('theirs')
  })

  it('ignores the echo of its own save and older versions', async () => {
    const server = new FakeServer()
    const session = open(server)
    session.edit('mine')
    await vi.advanceTimersByTimeAsync(500)
    session.receiveRemote({ ...server.row }) // our own save coming back
    session.receiveRemote({ ...server.row, version: 1, body: 'old' })
    expect(session.getState()).toMatchObject({
      status: 'saved',
      draft: 'mine',
      replacedRevision: 0,
    })
  })

  it('holds a change that arrives during a save until the save has answered', async () => {
    const server = new FakeServer()
    let release: () => void = () => {}
    server.gate = new Promise((resolve) => (release = resolve))
    const session = open(server)
    session.edit('mine')
    await vi.advanceTimersByTimeAsync(500)
    // The realtime echo of this very save can arrive before the HTTP answer.
    session.receiveRemote({ ...server.row, body: 'mine', version: 2 })
    server.gate = null
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(session.getState()).toMatchObject({
      status: 'saved',
      draft: 'mine',
      replacedRevision: 0,
    })
  })

  it('keeps unsaved text and its pending save when only the title changed elsewhere', async () => {
    const server = new FakeServer()
    const session = open(server)
    session.edit('mine')
    session.receiveRemote(server.editElsewhere({ title: 'New title' }))
    expect(session.getState().status).toBe('pending')
    await vi.advanceTimersByTimeAsync(500)
    expect(server.calls).toEqual([{ body: 'mine', baseVersion: 2 }])
    expect(server.row).toMatchObject({ title: 'New title', body: 'mine' })
  })

  it('a deletion elsewhere is reported', () => {
    const server = new FakeServer()
    const session = open(server)
    session.receiveRemote(null)
    expect(session.getState().status).toBe('deleted')
  })
})

/** An editor that holds typed text until asked, as the real one does between pauses. */
function editorOf(session: DocumentSession) {
  let held: string | null = null
  session.attachPendingText(() => {
    if (held === null) return
    const text = held
    held = null
    session.edit(text)
  })
  return {
    type(text: string) {
      held = text
      session.noteTyping()
    },
  }
}

describe('text the editor has not handed over yet', () => {
  it('a keystroke marks the document unsaved at once, before its text arrives', () => {
    const server = new FakeServer()
    const session = open(server)
    editorOf(session).type('hello there')
    expect(session.getState().status).toBe('pending')
    expect(session.hasUnsavedChanges()).toBe(true)
  })

  it('saving now, or after the pause, saves the text the editor still holds', async () => {
    const server = new FakeServer()
    const session = open(server)
    const editor = editorOf(session)
    editor.type('saved with the shortcut')
    expect(await session.flush()).toBe(true)
    expect(server.row.body).toBe('saved with the shortcut')

    editor.type('saved after the pause')
    await vi.advanceTimersByTimeAsync(500)
    expect(server.row.body).toBe('saved after the pause')
    expect(session.getState()).toMatchObject({ status: 'saved', draft: 'saved after the pause' })
  })

  it('a change from elsewhere never silently replaces text still held by the editor', () => {
    const server = new FakeServer('hello')
    const session = open(server)
    editorOf(session).type('hello, typed here')
    session.receiveRemote(server.editElsewhere({ body: 'hello, typed on the phone' }))
    expect(session.getState()).toMatchObject({ status: 'conflict', draft: 'hello, typed here' })
    expect(session.getState().theirs?.body).toBe('hello, typed on the phone')
  })

  it('typing that ends where it started saves nothing and settles as saved', async () => {
    const server = new FakeServer('hello')
    const session = open(server)
    editorOf(session).type('hello')
    await vi.advanceTimersByTimeAsync(500)
    expect(server.calls).toEqual([])
    expect(session.getState().status).toBe('saved')
    expect(session.hasUnsavedChanges()).toBe(false)
  })
})
