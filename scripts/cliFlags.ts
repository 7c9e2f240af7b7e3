/**
 * The numbers our commands take as flags (ports, counts, sizes), read in one way: each is checked
 * before anything starts, and one that cannot be used is named in words, where `Number()` let it
 * through as NaN posts, a port in a URL that nothing could serve, or Node's stack trace later.
 */

/** A flag's value that cannot be used; `readFlags` prints its message and exits. */
export class FlagError extends Error {}

export interface Range {
  min?: number
  max?: number
}

/** What the flag takes, in words, and the value it got: the one message every check gives. */
function refuse(flag: string, takes: string, text: string): never {
  throw new FlagError(`${flag} takes ${takes}: "${text}" is not one.`)
}

function wholeNumber(text: string, { min = 1, max = Number.MAX_SAFE_INTEGER }: Range): boolean {
  return /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max
}

/** A whole number within `range` (from 1 unless said); `takes` says what it counts. */
export function countFlag(flag: string, text: string, takes: string, range: Range = {}): number {
  if (!wholeNumber(text, range)) refuse(flag, takes, text)
  return Number(text)
}

/** Whole numbers separated by commas (`100,1000`), each within `range`. */
export function countsFlag(flag: string, text: string, takes: string, range: Range = {}): number[] {
  return text.split(',').map((item) => countFlag(flag, item, takes, range))
}

/** A TCP port; `max` is lower for a command that also serves on the next port up. */
export function portFlag(
  flag: string,
  text: string,
  { min = 1, max = 65_535 }: Range = {},
): number {
  return countFlag(flag, text, `a port from ${min} to ${max}`, { min, max })
}

/** Runs a command's flag checks: a refused flag is printed, and the command exits with 1. */
export function readFlags<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof FlagError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
