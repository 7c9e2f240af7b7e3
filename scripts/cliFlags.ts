/**
 * Our commands' flags, read in one way. `readCommandLine` takes the words after the command:
 * `--help` prints what the command takes, and a flag it does not take, a flag without its value
 * or a stray word is refused in a sentence beside that, where `parseArgs` threw a stack trace.
 * The numbers (ports, counts, sizes) are then checked before anything starts, and one that cannot
 * be used is named in words, where `Number()` let it through as NaN posts, a port in a URL that
 * nothing could serve, or Node's stack trace later.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'

/** The flags a command takes, as `parseArgs` is told them. */
type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>

/** A flag's value that cannot be used; `readFlags` prints its message and exits. */
export class FlagError extends Error {}

export interface Range {
  min?: number
  max?: number
}

/** What a command takes, for `--help` and beside a refusal. */
export interface CommandUsage<T extends ParseArgsOptionsConfig> {
  /** How the command is run, with its flags and what each does, as printed by `--help`. */
  usage: string
  options: T
}

type CommandValues<T extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: T }>
>['values']

/**
 * The command's flags, or `'help'` for `--help`/`-h`. Throws a `FlagError` naming the first word
 * it cannot use. Parsed leniently, then checked here, so each refusal can name its word; what
 * passes is what a strict `parseArgs` would have returned.
 */
export function parseCommandLine<T extends ParseArgsOptionsConfig>(
  options: T,
  args: string[],
): CommandValues<T> | 'help' {
  const { values, tokens } = parseArgs({ options, args, strict: false, tokens: true })
  const asksForHelp = (token: (typeof tokens)[number]) =>
    token.kind === 'option' && (token.rawName === '--help' || token.rawName === '-h')
  if (tokens.some(asksForHelp)) return 'help'
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue
    if (token.kind === 'positional')
      throw new FlagError(`"${token.value}" is not something this command takes.`)
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined
    if (!option) throw new FlagError(`${token.rawName} is not a flag of this command.`)
    if (option.type === 'boolean' && token.value !== undefined)
      throw new FlagError(`${token.rawName} takes no value: "${token.value}" was given.`)
    if (option.type === 'string' && token.value === undefined)
      throw new FlagError(`${token.rawName} needs a value.`)
    // `--sizes --runs 3` would otherwise read "--runs" as the sizes.
    if (option.type === 'string' && !token.inlineValue && token.value?.startsWith('-'))
      throw new FlagError(
        `${token.rawName} needs a value: "${token.value}" looks like another flag (write ${token.rawName}=${token.value} if it is the value).`,
      )
  }
  return values as CommandValues<T>
}

/**
 * `parseCommandLine` for a command's own words: `--help` prints the usage and exits 0; a refusal
 * is printed with the usage below it, and the command exits 1.
 */
export function readCommandLine<T extends ParseArgsOptionsConfig>(
  { usage, options }: CommandUsage<T>,
  args: string[] = process.argv.slice(2),
): CommandValues<T> {
  let values: CommandValues<T> | 'help'
  try {
    values = parseCommandLine(options, args)
  } catch (error) {
    if (!(error instanceof FlagError)) throw error
    console.error(`${error.message}\n\n${usage}`)
    process.exit(1)
  }
  if (values === 'help') {
    console.log(usage)
    process.exit(0)
  }
  return values
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

/** One of a few words (`--kind prose`). */
export function choiceFlag<Choice extends string>(
  flag: string,
  text: string,
  choices: readonly Choice[],
): Choice {
  if (!(choices as readonly string[]).includes(text))
    refuse(flag, `one of ${choices.join(', ')}`, text)
  return text as Choice
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
