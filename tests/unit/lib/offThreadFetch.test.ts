import { afterEach, describe, expect, it, vi } from 'vitest'
import { LONG_BODY_CHARS, createOffThreadFetch } from '../../../src/lib/offThreadFetch.ts'
import type {
  OffThreadRequest,
  OffThreadResponse,
} from '../../../src/lib/offThreadFetchProtocol.ts'

/** Stands in for the fetch worker: records what it is sent, and answers when told to. */
class FakeWorker {
  sent: OffThreadRequest[] = []
  terminated = false
  onmessage: ((event: MessageEvent<OffThreadResponse>) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  postMessage(message: OffThreadRequest) {
    this.sent.push(message)
  }
  terminate() {
    this.terminated = true
  }
  answer(message: OffThreadResponse) {
    this.onmessage?.({ data: message } as MessageEvent<OffThreadResponse>)
  }
  fail() {
    this.onerror?.({ preventDefault() {} } as ErrorEvent)
  }
}

const long = 'x'.repeat(LONG_BODY_CHARS)
const URL_ = 'https://project.supabase.co/rest/v1/documents?id=eq.1'

function setUp() {
  const worker = new FakeWorker()
  const pageFetch = vi.fn(async () => new Response('from the page'))
  const createWorker = vi.fn(() => worker as unknown as Worker)
  vi.stubGlobal('Worker', FakeWorker)
  return { worker, pageFetch, createWorker, fetch: createOffThreadFetch(pageFetch, createWorker) }
}

describe('fetch with long bodies sent from a worker', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('sends a long body from the worker, headers and all, and answers as fetch would', async () => {
    const { worker, pageFetch, fetch } = setUp()
    const headers = new Headers({
      Authorization: 'Bearer token',
      'Content-Type': 'application/json',
    })
    const pending = fetch(URL_, { method: 'PATCH', headers, body: long })
    expect(pageFetch).not.toHaveBeenCalled()
    expect(worker.sent).toEqual([
      {
        id: 1,
        url: URL_,
        method: 'PATCH',
        headers: [
          ['authorization', 'Bearer token'],
          ['content-type', 'application/json'],
        ],
        body: long,
      },
    ])
    worker.answer({
      id: 1,
      status: 200,
      statusText: 'OK',
      headers: [['content-range', '0-0/*']],
      body: '[{"version":2}]',
    })
    const response = await pending
    expect(response.status).toBe(200)
    expect(response.headers.get('content-range')).toBe('0-0/*')
    expect(await response.json()).toEqual([{ version: 2 }])
  })

  it('answers a 204 without a body, and a lost connection as fetch does (a TypeError)', async () => {
    const { worker, fetch } = setUp()
    const first = fetch(URL_, { method: 'PATCH', body: long })
    const second = fetch(URL_, { method: 'PATCH', body: long })
    worker.answer({ id: 2, error: 'Failed to fetch' })
    worker.answer({ id: 1, status: 204, statusText: 'No Content', headers: [], body: '' })
    expect((await first).status).toBe(204)
    await expect(second).rejects.toThrow(TypeError)
  })

  it('leaves short bodies, abortable requests and Request objects to the page', async () => {
    const { pageFetch, createWorker, fetch } = setUp()
    await fetch(URL_, { method: 'PATCH', body: 'short' })
    await fetch(URL_, { method: 'PATCH', body: long, signal: new AbortController().signal })
    await fetch(new Request(URL_, { method: 'PATCH', body: long }))
    await fetch(URL_)
    expect(pageFetch).toHaveBeenCalledTimes(4)
    expect(createWorker).not.toHaveBeenCalled()
  })

  it('fails what waits on a worker that died, and sends later requests from the page', async () => {
    const { worker, pageFetch, createWorker, fetch } = setUp()
    const waiting = fetch(URL_, { method: 'PATCH', body: long })
    worker.fail()
    await expect(waiting).rejects.toThrow(TypeError)
    expect(worker.terminated).toBe(true)
    expect(await (await fetch(URL_, { method: 'PATCH', body: long })).text()).toBe('from the page')
    expect(createWorker).toHaveBeenCalledTimes(1)
    expect(pageFetch).toHaveBeenCalledTimes(1)
  })
})
