/** Minutes to read `words` of prose at a relaxed 220 words a minute; never less than one. */
export const WORDS_PER_MINUTE = 220

export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE))
}
