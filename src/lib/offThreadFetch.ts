/**
 * A `fetch` for supabase-js that sends requests with a long body from a worker. In Chromium,
 * `fetch` with a 1 MB string body blocks the calling thread for 70-170 ms while it takes the
 * body in (measured on 2026-11-26); saving a long note did that after every pause in typing,
 * and the next keystroke waited behind it. Handing the body to a worker costs a copy
 * (4-13 ms for 1 MB) and the worker pays the rest. Everything else (short bodies, streams,
 * requests that can be aborted, browsers without workers) goes through the page's own fetch,
 * unchanged.
 */
import type { OffThreadRequest, OffThreadResponse } from './offThreadFetchProtocol'

/** From this many characters on, a body is sent from the worker. */
export const LONG_BODY_CHARS = 64 * 1024

/** Statuses whose response may not carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

type Waiter = { resolve: (response: Response) => void; reject: (error: Error) => void }

function startWorker(): Worker | null {
  try {
    return new Worker(new URL('./fetchWorker.ts', import.meta.url), {
      type: 'module',
      name: 'folio-fetch',
    })
  } catch {
    return null
  }
}

export function createOffThreadFetch(
  pageFetch: typeof fetch = (...args) => fetch(...args),
  createWorker: () => Worker | null = startWorker,
): typeof fetch {
  let worker: Worker | null | undefined
  let nextId = 0
  const waiting = new Map<number, Waiter>()

  function answer(message: OffThreadResponse): void {
    const waiter = waiting.get(message.id)
    if (!waiter) return
    waiting.delete(message.id)
    if ('error' in message) {
      waiter.reject(new TypeError(message.error))
      return
    }
    const body = NULL_BODY_STATUSES.has(message.status) ? null : message.body
    waiter.resolve(
      new Response(body, {
        status: message.status,
        statusText: message.statusText,
        headers: message.headers,
      }),
    )
  }

  function workerOnce(): Worker | null {
    if (worker !== undefined) return worker
    worker = typeof Worker === 'function' ? createWorker() : null
    if (worker) {
      worker.onmessage = (event: MessageEvent<OffThreadResponse>) => answer(event.data)
      // A worker that cannot start or dies leaves every request waiting on it unanswered:
      // fail them as a lost connection would, and send later ones from the page.
      worker.onerror = (event) => {
        event.preventDefault()
        worker?.terminate()
        worker = null
        for (const id of [...waiting.keys()]) answer({ id, error: 'The request was not sent.' })
      }
    }
    return worker
  }

  return (input, init) => {
    const body = init?.body
    const sendable =
      typeof body === 'string' &&
      body.length >= LONG_BODY_CHARS &&
      !init?.signal &&
      (typeof input === 'string' || input instanceof URL)
    const target = sendable ? workerOnce() : null
    if (!target) return pageFetch(input, init)
    return new Promise<Response>((resolve, reject) => {
      const id = (nextId += 1)
      waiting.set(id, { resolve, reject })
      target.postMessage({
        id,
        url: String(input),
        method: init?.method ?? 'GET',
        headers: [...new Headers(init?.headers)],
        body: body as string,
      } satisfies OffThreadRequest)
    })
  }
}
