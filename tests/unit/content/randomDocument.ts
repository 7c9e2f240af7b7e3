/**
 * A document of 5 to 44 of `pieces`, picked by a seeded generator, so that a test over many
 * random documents names the one that failed and fails the same way again.
 */
export function randomDocument(seed: number, pieces: readonly string[]): string {
  let state = seed
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
  let text = ''
  const length = 5 + Math.floor(next() * 40)
  for (let i = 0; i < length; i += 1) text += pieces[Math.floor(next() * pieces.length)]
  return text
}
