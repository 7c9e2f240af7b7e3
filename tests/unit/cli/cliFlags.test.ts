import { describe, expect, it } from 'vitest'
import {
  choiceFlag,
  countFlag,
  countsFlag,
  FlagError,
  parseCommandLine,
  portFlag,
} from '../../../scripts/cliFlags.ts'

describe('the commands’ number flags', () => {
  it('reads whole numbers within their range', () => {
    expect(countFlag('--runs', '3', 'builds')).toBe(3)
    expect(countFlag('--delay', '0', 'a delay', { min: 0 })).toBe(0)
    expect(countsFlag('--sizes', '100,1000', 'sizes')).toEqual([100, 1000])
    expect(countsFlag('--sizes', '1000000', 'sizes', { max: 1_000_000 })).toEqual([1_000_000])
    expect(portFlag('--port', '4173')).toBe(4173)
    expect(portFlag('--port', '0', { min: 0 })).toBe(0)
  })

  it.each([
    ['--runs', 'x', 'how many builds (3)'],
    ['--runs', '0', 'how many builds (3)'],
    ['--runs', '-1', 'how many builds (3)'],
    ['--runs', '2.5', 'how many builds (3)'],
    ['--runs', '', 'how many builds (3)'],
    ['--runs', '1e3', 'how many builds (3)'],
    ['--runs', ' 3', 'how many builds (3)'],
  ])('names %s %j in words, not as NaN', (flag, text, takes) => {
    expect(() => countFlag(flag, text, takes)).toThrow(
      new FlagError(`${flag} takes ${takes}: "${text}" is not one.`),
    )
  })

  it('names the one item of a list it cannot use', () => {
    expect(() => countsFlag('--sizes', '100,abc,1000', 'numbers of posts')).toThrow(
      '--sizes takes numbers of posts: "abc" is not one.',
    )
    expect(() => countsFlag('--sizes', '100,', 'numbers of posts')).toThrow('"" is not one.')
    expect(() => countsFlag('--sizes', '10,1000001', 'note sizes', { max: 1_000_000 })).toThrow(
      '"1000001" is not one.',
    )
  })

  it('keeps ports within what TCP and the command can use', () => {
    expect(() => portFlag('--port', '0')).toThrow('--port takes a port from 1 to 65535: "0"')
    expect(() => portFlag('--port', '65536')).toThrow('"65536" is not one.')
    expect(() => portFlag('--port', '65535', { max: 65_534 })).toThrow(
      '--port takes a port from 1 to 65534: "65535" is not one.',
    )
    expect(() => portFlag('--port', 'http')).toThrow(FlagError)
  })
})

describe('the commands’ words', () => {
  const options = {
    sizes: { type: 'string', default: '100,1000' },
    runs: { type: 'string', default: '3' },
    'no-peer': { type: 'boolean', default: false },
  } as const

  it('reads the flags a command takes, with their defaults', () => {
    expect(parseCommandLine(options, [])).toEqual({
      sizes: '100,1000',
      runs: '3',
      'no-peer': false,
    })
    expect(parseCommandLine(options, ['--sizes', '10', '--runs=1', '--no-peer'])).toEqual({
      sizes: '10',
      runs: '1',
      'no-peer': true,
    })
  })

  it('answers --help and -h wherever they stand, before any refusal', () => {
    expect(parseCommandLine(options, ['--help'])).toBe('help')
    expect(parseCommandLine(options, ['--nope', '-h'])).toBe('help')
  })

  it.each([
    [['--size', '10'], '--size is not a flag of this command.'],
    [['-x'], '-x is not a flag of this command.'],
    [['100'], '"100" is not something this command takes.'],
    [['--runs'], '--runs needs a value.'],
    [['--no-peer=yes'], '--no-peer takes no value: "yes" was given.'],
    [
      ['--sizes', '--runs', '3'],
      '--sizes needs a value: "--runs" looks like another flag (write --sizes=--runs if it is the value).',
    ],
  ])('refuses %j in a sentence', (args, sentence) => {
    expect(() => parseCommandLine(options, args)).toThrow(new FlagError(sentence))
  })

  it('reads a word after -- as the command’s, not as a flag', () => {
    expect(() => parseCommandLine(options, ['--', '--runs'])).toThrow(
      '"--runs" is not something this command takes.',
    )
  })

  it('takes one of a few words', () => {
    expect(choiceFlag('--kind', 'prose', ['standard', 'prose'])).toBe('prose')
    expect(() => choiceFlag('--kind', 'poetry', ['standard', 'prose'])).toThrow(
      new FlagError('--kind takes one of standard, prose: "poetry" is not one.'),
    )
  })
})
