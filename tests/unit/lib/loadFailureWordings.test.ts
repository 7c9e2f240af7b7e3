/**
 * Every wording browsers and bundlers use for a failed request or module load, and what each
 * of the two questions the app asks makes of it: "did the network fail?" (the error screen's
 * words, src/app/errors.ts) and "did a page's chunk fail to load?" (the one reload,
 * src/app/chunkReload.ts).
 */
import { describe, expect, it } from 'vitest'
import { isChunkLoadError } from '../../../src/app/chunkReload.ts'
import { isNetworkFailure } from '../../../src/app/errors.ts'

const ASSET = 'https://folio.example/assets/AboutPage-1.js'

/** [message, a network failure (as a TypeError), a chunk that failed to load] */
const WORDINGS: [string, boolean, boolean][] = [
  ['Failed to fetch', true, true], // Chromium, fetch
  [`Failed to fetch dynamically imported module: ${ASSET}`, true, true], // Chromium, import()
  ['NetworkError when attempting to fetch resource.', true, false], // Firefox, fetch
  [`error loading dynamically imported module: ${ASSET}`, true, true], // Firefox, import()
  ['Load failed', true, false], // Safari, fetch
  ['Importing a module script failed.', true, true], // Safari, import()
  ['Loading chunk 42 failed.', false, true], // webpack-style bundles
  ['Loading CSS chunk 7 failed.', false, true],
  ['Unable to preload CSS for https://folio.example/assets/plans-1.css', false, true], // Vite
  ['x is not a function', false, false], // a programming error keeps its own words
]

describe.each(WORDINGS)('“%s”', (message, network, chunk) => {
  it(`is ${network ? '' : 'not '}a network failure as a TypeError, never as another error`, () => {
    expect(isNetworkFailure(new TypeError(message))).toBe(network)
    expect(isNetworkFailure(new TypeError(message.toUpperCase()))).toBe(network)
    expect(isNetworkFailure(new Error(message))).toBe(false)
    expect(isNetworkFailure(message)).toBe(false)
  })

  it(`is ${chunk ? '' : 'not '}a chunk that failed to load, whatever kind of error says it`, () => {
    expect(isChunkLoadError(new TypeError(message))).toBe(chunk)
    expect(isChunkLoadError(new Error(message))).toBe(chunk)
    expect(isChunkLoadError(new Error(message.toLowerCase()))).toBe(chunk)
    expect(isChunkLoadError(message)).toBe(false)
  })
})
