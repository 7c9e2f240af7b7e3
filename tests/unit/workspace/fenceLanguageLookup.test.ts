import { LanguageDescription } from '@codemirror/language'
import { describe, expect, it, vi } from 'vitest'

/** Each test gets the module afresh: it keeps the list once loaded. */
async function freshLookup() {
  vi.resetModules()
  return import('../../../src/features/workspace/editor/fenceLanguageLookup.ts')
}

describe("the editor's fence languages", () => {
  it('waits for the list, then gives the language it names, and then answers from the list', async () => {
    const { fenceLanguageFor } = await freshLookup()
    const waiting = fenceLanguageFor('ts')
    expect(waiting).toBeInstanceOf(LanguageDescription)
    // lang-markdown asks on every parse: the same wait each time, not a new load.
    expect(fenceLanguageFor('ts')).toBe(waiting)
    const support = await (waiting as LanguageDescription).load()
    expect(support.language.name).toBe('typescript')

    const listed = fenceLanguageFor('ts')
    expect(listed).not.toBe(waiting)
    expect((listed as LanguageDescription).name).toBe('TypeScript')
    expect(fenceLanguageFor('no-such-language')).toBeNull()
  })

  it('lets a name it does not know load as nothing, so the fence is parsed again quietly', async () => {
    const { fenceLanguageFor } = await freshLookup()
    const waiting = fenceLanguageFor('no-such-language') as LanguageDescription
    await expect(waiting.load()).resolves.toBeDefined()
    expect(fenceLanguageFor('no-such-language')).toBeNull()
  })

  it('starts loading the list at once for a text with a fence, and only then', async () => {
    const { fenceLanguageFor, fetchFenceLanguagesFor } = await freshLookup()
    fetchFenceLanguagesFor('# Prose\n\nNo code.\n')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fenceLanguageFor('python')).toBeInstanceOf(LanguageDescription)
    expect((fenceLanguageFor('python') as LanguageDescription).name).toBe('python')

    fetchFenceLanguagesFor('Text\n\n~~~python\nprint(1)\n~~~\n')
    await vi.waitFor(() =>
      expect((fenceLanguageFor('python') as LanguageDescription).name).toBe('Python'),
    )
  })
})
