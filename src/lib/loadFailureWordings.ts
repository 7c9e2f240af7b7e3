/**
 * How browsers word a load that failed, in one place. A failed fetch() or import() gives no
 * code to test, only a message in each engine's own words, and the app asks two questions of
 * it: did the network fail (the error screen says so in words, src/app/errors.ts), and did a
 * page's chunk fail to load (worth one reload, src/app/chunkReload.ts)? Each wording below says
 * which of the two it answers; both match it case-insensitively, anywhere in the message.
 */
/** A request the browser could not make (when it comes as a TypeError, as fetch and import reject). */
const NETWORK_FAILED = 1
/** A page's code that did not arrive: a deploy replaced it, or the network is down. */
const CHUNK_FAILED = 2
type Meaning = typeof NETWORK_FAILED | typeof CHUNK_FAILED

/** Each wording (lower case) with what it means, as flags: compact, as it ships in every page. */
const WORDINGS: readonly (readonly [words: string, means: number])[] = [
  // Chromium, fetch(); its import() says "Failed to fetch dynamically imported module: <url>".
  ['failed to fetch', NETWORK_FAILED | CHUNK_FAILED],
  // Firefox, fetch(): "NetworkError when attempting to fetch resource."
  ['networkerror', NETWORK_FAILED],
  // Safari, fetch().
  ['load failed', NETWORK_FAILED],
  // Chromium's and Firefox's import() (below), whatever comes before it.
  ['dynamically imported module', CHUNK_FAILED],
  // Firefox, import(): "error loading dynamically imported module: <url>".
  ['error loading dynamically imported module', NETWORK_FAILED | CHUNK_FAILED],
  // Safari, import().
  ['importing a module script failed', NETWORK_FAILED | CHUNK_FAILED],
  // Bundlers that load chunks themselves: "Loading chunk 42 failed.", "Loading CSS chunk 7 failed."
  ['loading chunk', CHUNK_FAILED],
  ['loading css chunk', CHUNK_FAILED],
  // Vite's loader, when a page's stylesheet did not arrive: "Unable to preload CSS for <url>".
  ['unable to preload css', CHUNK_FAILED],
]

function says(message: string, meaning: Meaning): boolean {
  const lower = message.toLowerCase()
  return WORDINGS.some(([words, means]) => (means & meaning) !== 0 && lower.includes(words))
}

/** The message is a browser's way of saying a request could not be made. */
export function saysNetworkFailed(message: string): boolean {
  return says(message, NETWORK_FAILED)
}

/** The message is a browser's (or a bundler's) way of saying a chunk of code did not load. */
export function saysChunkFailed(message: string): boolean {
  return says(message, CHUNK_FAILED)
}
