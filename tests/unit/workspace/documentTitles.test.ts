import { describe, expect, it } from 'vitest'
import {
  firstHeading,
  followHeading,
  headingTitle,
} from '../../../src/features/workspace/documentTitles.ts'

describe('titles from the first heading', () => {
  it('finds the first heading outside code fences, as plain text', () => {
    expect(firstHeading('intro\n\n```md\n# not this\n```\n\n## Deploy **notes** ##\n# Later')).toBe(
      'Deploy notes',
    )
    expect(firstHeading('no heading here\n#hashtag')).toBeNull()
    expect(firstHeading('intro\n# On the last line')).toBe('On the last line')
    expect(firstHeading('```\n# fenced\n```\n# After the fence\n')).toBe('After the fence')
    expect(firstHeading('')).toBeNull()
  })

  it('names an untitled document from its heading and follows it until renamed', () => {
    expect(followHeading('Untitled', '', '# Release plan')).toBe('Release plan')
    expect(followHeading('Release plan', '# Release plan', '# Release plan v2')).toBe(
      'Release plan v2',
    )
    expect(followHeading('Release plan', '# Release plan', '# Release plan\n\nmore')).toBeNull()
    // Renamed by hand: the heading no longer decides.
    expect(followHeading('My own name', '# Release plan', '# Something else')).toBeNull()
    expect(followHeading('Untitled', '', 'no heading yet')).toBeNull()
  })

  it('shortens a long heading at a word boundary, never mid-word', () => {
    const title = headingTitle('lengthy '.repeat(40).trim())
    expect([...title].length).toBeLessThanOrEqual(200)
    expect(title).toMatch(/ lengthy…$/)
  })

  /**
   * Each save asks for the heading, and a heading line can be anybody's text (an imported file,
   * a paste): runs that a backtracking matcher retried from each character must be read in one
   * pass. Before, these 100,000-character lines took 3.5 to 18 seconds, with the tab frozen.
   */
  it.each([
    ['blanks inside the heading', `# a${' \t'.repeat(50_000)}b`],
    ['brackets that open no link', `# ${'['.repeat(100_000)}`],
    ['links that never close', `# ${'[]('.repeat(33_000)}`],
  ])('reads a heading of %s in one pass', (_, text) => {
    const started = performance.now()
    expect(firstHeading(text)).not.toBeNull()
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('reads a heading as before: closing hashes, blanks, line breaks, links', () => {
    expect(firstHeading('# Plan ## \t')).toBe('Plan')
    expect(firstHeading('# Plan#')).toBe('Plan#')
    expect(firstHeading('#  ###')).toBe('###')
    expect(firstHeading('# a\rb\n# Next')).toBe('Next')
    expect(firstHeading('# See [the docs](https://example.com/a_(b)) and ![x](y.png)')).toBe(
      'See the docs) and x',
    )
  })
})
