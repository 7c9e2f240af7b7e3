/**
 * The preview worker's unified gets an `extend` that merges nothing (vite.config.ts): the
 * preview's pipeline only copies unified's empty base processor. unified loads the real package
 * here (vitest.config.ts inlines unified), and the test records what it asks of it while the
 * preview renders a note with every kind of block.
 */
import { createRequire } from 'node:module'
import { describe, expect, it, vi } from 'vitest'
import emptyExtend from '../../../src/features/workspace/preview/emptyExtend.ts'

/** The package itself, as Node loads it (not the counting stand-in below). */
const realExtend = createRequire(import.meta.url)('extend') as typeof emptyExtend

/** What unified passes to the `extend` package, call by call. */
const extendCalls = vi.hoisted(() => [] as unknown[][])
vi.mock('extend', async (original) => {
  const real = (await original<{ default: (...args: unknown[]) => unknown }>()).default
  return {
    default: (...args: unknown[]) => {
      extendCalls.push(structuredClone(args))
      return real(...args)
    },
  }
})

const NOTE = [
  '# A note',
  '',
  'Text with *emphasis*, `code`, ~~strike~~, a [link](https://example.com), www.example.com,',
  'someone@example.com and a footnote[^1].',
  '',
  '| a | b |',
  '| - | - |',
  '| 1 | 2 |',
  '',
  '- [x] done',
  '- [ ] to do',
  '',
  '> A quote &amp; &copy;',
  '',
  '<details><summary>More</summary>Hidden</details>',
  '',
  '```',
  'plain code',
  '```',
  '',
  '[^1]: The footnote.',
].join('\n')

describe("the preview's pipeline and unified's extend", () => {
  it('asks it to merge nothing while rendering a note', async () => {
    const { createPreviewRenderer } =
      await import('../../../src/features/workspace/preview/previewRenderer.ts')
    const renderer = createPreviewRenderer({
      languages: {},
      createHighlighter: () => Promise.reject(new Error('no fence here names a language')),
    })
    const html = (await renderer.render(NOTE)).join('\n')
    expect(html).toContain('<table>')
    expect(html).toContain('user-content-fn-1')
    expect(extendCalls.length).toBeGreaterThan(0) // every unified() copies its base
    for (const call of extendCalls) expect(call).toEqual([true, {}, {}])
  })

  it('sees a merge when there is one: a plugin used twice with options', async () => {
    const { unified } = await import('unified')
    const plugin = (_options?: object) => undefined
    extendCalls.length = 0
    unified().use(plugin, { a: 1 }).use(plugin, { b: 2 })
    expect(extendCalls).toContainEqual([true, { a: 1 }, { b: 2 }])
  })
})

describe('the stand-in', () => {
  it('returns the target, as the package does, when there is nothing to merge', () => {
    for (const sources of [[{}], [{}, null, undefined], []]) {
      const target = {}
      expect(emptyExtend(true, target, ...sources)).toBe(target)
      expect(realExtend(true, target, ...sources)).toBe(target)
    }
  })

  it('refuses to merge anything, own or inherited', () => {
    expect(() => emptyExtend(true, {}, { a: 1 })).toThrow(
      /merges nothing, yet was asked to merge “a”/,
    )
    expect(() => emptyExtend(true, {}, Object.create({ inherited: 1 }))).toThrow(/“inherited”/)
  })
})
