/**
 * How browsers word a load that failed, in one place. A failed fetch() or import() gives no
 * code to test, only a message in each engine's own words, and the app asks two questions of
 * it: did the network fail (the error screen says so in words, src/app/errors.ts), and did a
 * page's chunk fail to load (worth one reload, src/app/chunkReload.ts)? Each wording below says
 * which of the two it answers; both match it case-insensitively, anywhere in the message.
 */
interface LoadFailureWording {
  words: string
  /** A request the browser could not make (when it comes as a TypeError, as fetch and import reject). */
  networkFailed: boolean
  /** A page's code that did not arrive: a deploy replaced it, or the network is down. */
  chunkFailed: boolean
}

const WORDINGS: readonly LoadFailureWording[] = [
  // Chromium, fetch(); its import() says "Failed to fetch dynamically imported module: <url>".
  { words: 'failed to fetch', networkFailed: true, chunkFailed: true },
  // Firefox, fetch(): "NetworkError when attempting to fetch resource."
  { words: 'networkerror', networkFailed: true, chunkFailed: false },
  // Safari, fetch().
  { words: 'load failed', networkFailed: true, chunkFailed: false },
  // Chromium's and Firefox's import() (below), whatever comes before it.
  { words: 'dynamically imported module', networkFailed: false, chunkFailed: true },
  // Firefox, import(): "error loading dynamically imported module: <url>".
  { words: 'error loading dynamically imported module', networkFailed: true, chunkFailed: true },
  // Safari, import().
  { words: 'importing a module script failed', networkFailed: true, chunkFailed: true },
  // Bundlers that load chunks themselves: "Loading chunk 42 failed.", "Loading CSS chunk 7 failed."
  { words: 'loading chunk', networkFailed: false, chunkFailed: true },
  { words: 'loading css chunk', networkFailed: false, chunkFailed: true },
  // Vite's loader, when a page's stylesheet did not arrive: "Unable to preload CSS for <url>".
  { words: 'unable to preload css', networkFailed: false, chunkFailed: true },
]

function says(message: string, meaning: 'networkFailed' | 'chunkFailed'): boolean {
  const lower = message.toLowerCase()
  return WORDINGS.some((wording) => wording[meaning] && lower.includes(wording.words))
}

/** The message is a browser's way of saying a request could not be made. */
export function saysNetworkFailed(message: string): boolean {
  return says(message, 'networkFailed')
}

/** The message is a browser's (or a bundler's) way of saying a chunk of code did not load. */
export function saysChunkFailed(message: string): boolean {
  return says(message, 'chunkFailed')
}
