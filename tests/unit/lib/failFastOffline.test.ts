import { afterEach, describe, expect, it, vi } from 'vitest'
import { failFastOffline } from '../../../src/lib/failFastOffline.ts'

const failing = (error: unknown) => failFastOffline(() => Promise.reject(error))

describe('failFastOffline', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('passes a fetch that fails offline on as an AbortError, so postgrest-js does not retry it', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const error = await failing(new TypeError('Failed to fetch'))(
      'https://x.test/rest/v1/documents',
    ).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(DOMException)
    expect(error).toMatchObject({ name: 'AbortError', message: 'Offline: Failed to fetch' })
  })

  it('leaves a failure online as it was: postgrest-js retries a dropped connection', async () => {
    vi.stubGlobal('navigator', { onLine: true })
    const dropped = new TypeError('Failed to fetch')
    await expect(failing(dropped)('https://x.test/')).rejects.toBe(dropped)
  })

  it('leaves other errors and every answer alone', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const aborted = new DOMException('The user aborted a request.', 'AbortError')
    await expect(failing(aborted)('https://x.test/')).rejects.toBe(aborted)
    const answer = new Response('[]', { status: 200 })
    await expect(failFastOffline(() => Promise.resolve(answer))('https://x.test/')).resolves.toBe(
      answer,
    )
  })
})
