// @vitest-environment jsdom
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { attachmentUrl } from '../../../src/features/workspace/attachments.ts'
import { retryWithCurrentUrl } from '../../../src/features/workspace/preview/attachmentImages.ts'

/** Every URL Storage signed here: for which image, when, for how long. */
const signed: { path: string; at: number; seconds: number; url: string }[] = []
/** The requests made to Storage for them. */
let requests = 0

/** One path as Storage signs it: its URL, or none for an object that is gone. */
function signOne(path: string, seconds: number): string | null {
  if (path.includes('gone')) {
    signed.push({ path, at: Date.now(), seconds, url: '' })
    return null
  }
  const url = `https://storage.test/sign/${path}?token=${signed.length + 1}`
  signed.push({ path, at: Date.now(), seconds, url })
  return url
}

vi.mock('../../../src/features/auth', () => ({
  useAuthState: () => ({ status: 'signed-in', user: { id: 'user-1' } }),
  loadSupabase: () =>
    Promise.resolve({
      storage: {
        from: () => ({
          createSignedUrl: (path: string, seconds: number) => {
            requests += 1
            const url = signOne(path, seconds)
            return Promise.resolve(
              url
                ? { data: { signedUrl: url }, error: null }
                : { data: null, error: { message: 'Object not found' } },
            )
          },
          // As hosted answers (supabase/storage src/storage/object.ts, signObjectUrls): an
          // entry per path, in order, with an error in place of a URL it would not sign.
          createSignedUrls: (paths: string[], seconds: number) => {
            requests += 1
            return Promise.resolve({
              data: paths.map((path) => {
                const url = signOne(path, seconds)
                return url
                  ? { path, signedUrl: url, error: null }
                  : { path, signedUrl: null, error: 'Either the object does not exist' }
              }),
              error: null,
            })
          },
        }),
      },
    }),
}))

type Hook = typeof import('../../../src/features/workspace/useSignedAttachments.ts')
/** A fresh module per test: the URLs it keeps live as long as the page. */
let hook: Hook

const PATH = 'user-1/doc-1/abc-diagram.png'
const MINUTE = 60_000

/** What the preview would put in the image's src at its latest render. */
let shownUrl: string | undefined
function Preview({ html }: { html: string; render: number }) {
  const { signedUrl } = hook.useSignedAttachments(html)
  shownUrl = signedUrl(PATH)
  return null
}

/** Whether a URL this test's Storage signed still opens its image now. */
function stillValid(url: string | undefined): boolean {
  const entry = signed.find((each) => each.url === url)
  return entry !== undefined && entry.at + entry.seconds * 1000 > Date.now()
}

let root: Root
let renders = 0
let html = ''
/** Renders the open note again, as typing elsewhere in it does; its images unchanged. */
const rerender = () => act(() => root.render(createElement(Preview, { html, render: ++renders })))
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))

beforeEach(async () => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  signed.length = 0
  requests = 0
  vi.resetModules()
  hook = await import('../../../src/features/workspace/useSignedAttachments.ts')
  html = `<p><img src="${attachmentUrl(hook.supabaseUrl(), PATH)}" alt="diagram"></p>`
  root = createRoot(document.createElement('div'))
  await rerender()
  await wait(0)
})

afterEach(() => {
  act(() => root.unmount())
  vi.useRealTimers()
})

describe('signed attachment URLs', () => {
  it('asks for URLs that open an image for minutes, not an hour', () => {
    expect(signed).toHaveLength(1)
    expect(signed[0]!.seconds).toBeLessThanOrEqual(15 * 60)
    expect(stillValid(shownUrl)).toBe(true)
  })

  it('keeps a valid URL for an image while its note stays open, long after the first lapsed', async () => {
    const firstLapses = signed[0]!.at + signed[0]!.seconds * 1000
    await wait(firstLapses - Date.now() + MINUTE)
    await rerender()
    expect(stillValid(shownUrl)).toBe(true)

    // Hours later, rendered again every minute: always a URL that opens the image.
    for (let minute = 0; minute < 3 * 60; minute++) {
      await wait(MINUTE)
      await rerender()
      expect(stillValid(shownUrl)).toBe(true)
    }
  })

  it('signs an image about once per lifetime while open, and not at all once closed', async () => {
    for (let minute = 0; minute < 3 * 60; minute++) {
      await wait(MINUTE)
      await rerender()
    }
    const lifetime = signed[0]!.seconds * 1000
    // At most one URL per half lifetime: renewed shortly before each lapses, not per render.
    expect(signed.length).toBeLessThanOrEqual(Math.ceil((3 * 60 * MINUTE) / (lifetime / 2)) + 1)

    const before = signed.length
    act(() => root.unmount())
    await wait(60 * MINUTE)
    expect(signed).toHaveLength(before)
    root = createRoot(document.createElement('div'))
  })

  it('signs the many images of one note in one request, and renews them in one', async () => {
    const paths = Array.from({ length: 100 }, (_, at) => `user-1/doc-1/photo-${at}.png`)
    html = paths
      .map((path) => `<p><img src="${attachmentUrl(hook.supabaseUrl(), path)}" alt=""></p>`)
      .join('')
    requests = 0
    await rerender()
    await wait(0)
    expect(signed.filter((each) => each.path.includes('photo-'))).toHaveLength(100)
    // Before, a request per image: 100 when the note opened, 100 again before they lapsed.
    expect(requests).toBe(1)
    await wait(signed[0]!.seconds * 1000)
    expect(requests).toBe(2)
  })

  it('does not keep asking for an image Storage will not sign', async () => {
    const gone = 'user-1/doc-1/gone.png'
    html = `<p><img src="${attachmentUrl(hook.supabaseUrl(), gone)}" alt="gone"></p>`
    await rerender()
    await wait(60 * MINUTE)
    expect(signed.filter((each) => each.path === gone)).toHaveLength(1)
  })
})

describe('an attachment image that failed to load', () => {
  const lapsed = 'https://storage.test/sign/user-1/doc-1/abc-diagram.png?token=lapsed'
  const current = 'https://storage.test/sign/user-1/doc-1/abc-diagram.png?token=current'

  /** An image as the preview draws it, and the error its load failing fires. */
  function failed(attributes: Record<string, string>) {
    const image = document.createElement('img')
    for (const [name, value] of Object.entries(attributes)) image.setAttribute(name, value)
    const event = new Event('error')
    Object.defineProperty(event, 'target', { value: image })
    return { image, event }
  }

  it('gets the URL valid now, once', () => {
    const { image, event } = failed({ src: lapsed, 'data-attachment': PATH })
    retryWithCurrentUrl(event, () => current)
    expect(image.getAttribute('src')).toBe(current)
    // Failing again under the current URL: left as it is, no loop.
    retryWithCurrentUrl(event, () => current)
    expect(image.getAttribute('src')).toBe(current)
  })

  it('leaves other images alone', () => {
    const { image, event } = failed({ src: 'https://example.com/cat.png' })
    retryWithCurrentUrl(event, () => current)
    expect(image.getAttribute('src')).toBe('https://example.com/cat.png')
  })
})
