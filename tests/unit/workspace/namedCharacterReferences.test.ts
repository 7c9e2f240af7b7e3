/**
 * The preview worker's named-reference decoder: it knows no name until a text with one asks
 * for the table, and then decodes as the package it stands in for does.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { decodeNamedCharacterReference as packageDecode } from 'decode-named-character-reference'

type Decoder = typeof import('../../../src/features/workspace/preview/namedCharacterReferences.ts')
let decoder: Decoder

beforeEach(async () => {
  vi.resetModules()
  decoder = await import('../../../src/features/workspace/preview/namedCharacterReferences.ts')
})

describe('named character references in the preview worker', () => {
  it('loads no table for a text without one', async () => {
    await decoder.namedReferencesFor('Fish & chips; R&D, &#169; & amp;')
    expect(decoder.decodeNamedCharacterReference('amp')).toBe(false)
  })

  it('decodes as the package does once a text holds one', async () => {
    await decoder.namedReferencesFor('Fish &amp; chips')
    for (const name of ['amp', 'copy', 'AElig', 'ngE', 'notaname', 'constructor', 'toString'])
      expect(decoder.decodeNamedCharacterReference(name), name).toBe(packageDecode(name))
  })
})
