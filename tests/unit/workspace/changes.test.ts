import { describe, expect, it } from 'vitest'
import {
  applyBlockChange,
  blockChange,
} from '../../../src/features/workspace/preview/blockChange.ts'
import { applyTextChange, minimalChange } from '../../../src/features/workspace/textChange.ts'

/** A small deterministic generator, so a failure names its case. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

function edited(text: string, next: () => number): string {
  const from = Math.floor(next() * (text.length + 1))
  const to = from + Math.floor(next() * Math.min(8, text.length - from + 1))
  const insert = ['', 'a', 'ab\n', '🙂', '\n\n# x\n', text.slice(0, 5)][Math.floor(next() * 6)]
  return text.slice(0, from) + insert + text.slice(to)
}

describe('the edit between two texts', () => {
  it('turns the first into the second, whatever the edit', () => {
    const next = random(7)
    let text = 'A note.\n\nWith two paragraphs, ünïcode and 🙂 emoji.\n'
    for (let step = 0; step < 500; step += 1) {
      const after = edited(text, next)
      const change = minimalChange(text, after)
      expect(applyTextChange(text, change), `step ${step}`).toBe(after)
      text = after
    }
  })

  it('is only the part that differs', () => {
    expect(minimalChange('hello world', 'hello brave world')).toEqual({
      from: 6,
      to: 6,
      insert: 'brave ',
    })
    expect(minimalChange('same', 'same')).toEqual({ from: 4, to: 4, insert: '' })
    expect(minimalChange('abc', '')).toEqual({ from: 0, to: 3, insert: '' })
  })
})

describe('the blocks that changed between two answers', () => {
  const blocks = ['<h1>a</h1>', '<p>b</p>', '<p>c</p>', '<p>b</p>', '<pre>d</pre>']

  it('carries only the blocks that differ, and rebuilds the new list from them', () => {
    const next = [...blocks.slice(0, 2), '<p>c, edited</p>', '<p>new</p>', ...blocks.slice(3)]
    const change = blockChange(blocks, next)
    expect(change).toEqual({ start: 2, end: 3, insert: ['<p>c, edited</p>', '<p>new</p>'] })
    expect(applyBlockChange(blocks, change)).toEqual(next)
  })

  it('handles blocks removed at either end, repeated blocks and an empty list', () => {
    const cases = [
      blocks.slice(1),
      blocks.slice(0, -1),
      [],
      [...blocks, '<p>b</p>'],
      ['<p>b</p>', ...blocks],
      blocks.filter((block) => block !== '<p>b</p>'),
    ]
    for (const next of cases) {
      expect(applyBlockChange(blocks, blockChange(blocks, next))).toEqual(next)
      expect(applyBlockChange(next, blockChange(next, blocks))).toEqual(blocks)
    }
  })

  it('leaves the list as it was when nothing changed', () => {
    expect(applyBlockChange(blocks, blockChange(blocks, [...blocks]))).toBe(blocks)
  })
})
