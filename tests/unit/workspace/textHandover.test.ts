import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTextHandover } from '../../../src/features/workspace/editor/textHandover.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A document whose text is read only when the handover asks, counting the reads. */
function typing() {
  let text = ''
  const delivered: string[] = []
  let reads = 0
  const handover = createTextHandover({
    read: () => {
      reads += 1
      return text
    },
    deliver: (value) => delivered.push(value),
    quietMs: 100,
    maxWaitMs: 400,
    // Idle at once: the timers alone decide when the text is read.
    whenIdle: (work) => {
      const handle = setTimeout(work, 0)
      return () => clearTimeout(handle)
    },
  })
  return {
    handover,
    delivered,
    reads: () => reads,
    key(character: string) {
      text += character
      handover.changed()
    },
  }
}

describe('handing typed text to the session', () => {
  it('reads the whole text once per pause in typing, not once per keystroke', async () => {
    const editor = typing()
    for (const character of 'hello') {
      editor.key(character)
      await vi.advanceTimersByTimeAsync(30)
    }
    expect(editor.reads()).toBe(0)
    await vi.advanceTimersByTimeAsync(100)
    expect(editor.reads()).toBe(1)
    expect(editor.delivered).toEqual(['hello'])
  })

  it('still hands text over while someone types without pausing', async () => {
    const editor = typing()
    for (let i = 0; i < 40; i += 1) {
      editor.key('a')
      await vi.advanceTimersByTimeAsync(50)
    }
    // 2 s of typing at 20 keys a second: at least every 400 ms, far fewer than 40 reads.
    expect(editor.delivered.length).toBeGreaterThanOrEqual(4)
    expect(editor.reads()).toBeLessThanOrEqual(6)
    await vi.advanceTimersByTimeAsync(500)
    expect(editor.delivered.at(-1)).toBe('a'.repeat(40))
  })

  it('flush hands over at once, and only when something changed', async () => {
    const editor = typing()
    editor.handover.flush()
    expect(editor.reads()).toBe(0)
    editor.key('x')
    editor.handover.flush()
    expect(editor.delivered).toEqual(['x'])
    await vi.advanceTimersByTimeAsync(1000)
    expect(editor.delivered).toEqual(['x'])
  })
})
