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
})
