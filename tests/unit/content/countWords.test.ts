import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { countWordsIn } from '../../../src/features/content/countWords.ts'

/** What the platform's word segmenter counts over the whole text at once (the definition). */
function segmenterCount(text: string): number {
  let words = 0
  for (const segment of new Intl.Segmenter('en', { granularity: 'word' }).segment(text))
    if (segment.isWordLike) words += 1
  return words
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

// The pieces that make word segmentation hard: punctuation inside words and numbers (don't,
// 3.14, e.g., a_b, a:b), dashes and quotes outside ASCII, combining marks and format characters
// right after a space, text without spaces (Chinese, Japanese, Thai), emoji with modifiers and
// joiners, flags, Hebrew, and every kind of ASCII whitespace.
const PIECES = [
  'word', 'Word', 'x', 'a1', '42', '3.14', '1,000', "don't", 'e.g.', 'a_b', '_', '__init__',
  'a:b', 'a-b', 'a.b.', "'", '"', '.', ',', ';', ':', '!', '?', '(', ')', '#', '@', '`', '~',
  '—', '–', '’', '“', '”', '…', '\u00a0', '\u0301', '\u200d', '\u200b', '\u2060', '\u00ad',
  'é', 'e\u0301', 'naïve', 'Straße', '東京', '日本語の文章です', 'กรุงเทพมหานคร', 'ภาษาไทย',
  'カタカナ', 'ｶﾀｶﾅ', 'ﾞ', 'עברית', 'א"ב', "א'", '👍', '👍🏽', '👩‍💻', '🇫🇷', '🇫🇷🇩🇪', '١٢٣',
  ' ', ' ', ' ', '  ', '\n', '\n\n', '\t', '\r\n', '\r', '\f', '\v',
]

function randomText(next: () => number, pieces: number): string {
  let text = ''
  for (let i = 0; i < pieces; i += 1) text += PIECES[Math.floor(next() * PIECES.length)]
  return text
}

describe('countWordsIn', () => {
  afterEach(() => vi.restoreAllMocks())

  it('counts exactly what the word segmenter counts over the whole text, on hostile mixes', () => {
    const next = random(19)
    for (let run = 0; run < 3000; run += 1) {
      const text = randomText(next, 1 + Math.floor(next() * 40))
      expect(countWordsIn(text), JSON.stringify(text)).toBe(segmenterCount(text))
    }
  })

  it('counts exactly what the word segmenter counts on every document in content/', () => {
    for (const dir of ['blog', 'changelog', 'pages']) {
      for (const name of readdirSync(path.join('content', dir))) {
        const text = readFileSync(path.join('content', dir, name), 'utf8')
        expect(countWordsIn(text), `${dir}/${name}`).toBe(segmenterCount(text))
      }
    }
  })

  it('segments each distinct word once, not the whole text again for every post', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment')
    const text = "Don't stop: the café’s build took 3.14 s — twice. ".repeat(400)
    expect(countWordsIn(text)).toBe(segmenterCount(text))
    const segmented = segment.mock.calls.reduce((sum, [input]) => sum + input.length, 0)
    // The first count above segments a few distinct words; the text itself is 20,000 characters.
    expect(segmented - text.length).toBeLessThan(200)
  })
})
