import { describe, expect, it } from 'vitest'
import { countFlag, countsFlag, FlagError, portFlag } from '../../../scripts/cliFlags.ts'

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
