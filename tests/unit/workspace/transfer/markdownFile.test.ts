import { describe, expect, it } from 'vitest'
import { firstHeading } from '../../../../src/features/workspace/documentTitles.ts'
import { uniqueFileStems } from '../../../../src/features/workspace/transfer/fileNames.ts'
import {
  parseMarkdownFile,
  toMarkdownFile,
} from '../../../../src/features/workspace/transfer/markdownFile.ts'

const row = {
  title: 'Plan: "v2" — ünïcode / slashes',
  body: '---\nnot: frontmatter\n---\n# Heading\n\n```ts\nconst a = 1\n```\n\ntrailing spaces   \n\n',
  created_at: '2026-11-20T10:00:00.123456+00:00',
  updated_at: '2026-11-22T08:30:00+00:00',
}

describe('a document as a markdown file', () => {
  it('carries title, created and updated in frontmatter', () => {
    const file = toMarkdownFile(row)
    expect(file.startsWith('---\ntitle: "Plan: \\"v2\\" — ünïcode / slashes"\n')).toBe(true)
    expect(file).toContain('\ncreated: 2026-11-20T10:00:00.123456+00:00\n')
    expect(file).toContain('\nupdated: 2026-11-22T08:30:00+00:00\n---\n')
  })

  it('reads back the exact title and body, even a body that starts with its own ---', () => {
    expect(parseMarkdownFile(toMarkdownFile(row), 'whatever.md')).toEqual({
      title: row.title,
      body: row.body,
    })
    const empty = { ...row, body: '' }
    expect(parseMarkdownFile(toMarkdownFile(empty), 'x.md')).toEqual({ title: row.title, body: '' })
  })

  it('takes markdown from elsewhere: frontmatter title, else first heading, else file name', () => {
    expect(parseMarkdownFile("---\ntitle: 'It''s mine'\ntags: [a]\n---\nText", 'a.md').title).toBe(
      "It's mine",
    )
    expect(parseMarkdownFile('```\n# not this\n```\n\n## Real heading ##\n', 'a.md').title).toBe(
      'Real heading',
    )
    expect(parseMarkdownFile('\uFEFFjust text', 'notes/Meeting notes.markdown')).toEqual({
      title: 'Meeting notes',
      body: 'just text',
    })
    expect(parseMarkdownFile('', '.md').title).toBe('Untitled')
  })

  it('titles an imported file as the editor titles the same text (documentTitles.ts)', () => {
    const cases: [string, string][] = [
      // A closing run of # needs a space before it: this one is part of the name.
      ['# C#\n', 'C#'],
      // Windows line endings.
      ['Intro\r\n\r\n# Release plan\r\n\r\nText\r\n', 'Release plan'],
      // Markup is not part of a title.
      ['# **Bold** plan for `v2`', 'Bold plan for v2'],
      // A ~~~ fence does not end at a ``` line inside it.
      ['~~~\n```\n# not this\n~~~\n# This one', 'This one'],
    ]
    for (const [text, title] of cases) {
      expect(parseMarkdownFile(text, 'file.md').title, text).toBe(title)
      expect(firstHeading(text.replace(/\r\n/g, '\n')), text).toBe(title)
    }
  })
})

describe('file names', () => {
  it('are safe on every file system and unique ignoring case', () => {
    expect(
      uniqueFileStems(['Notes', 'notes', 'NOTES', 'a/b\\c:d*e?f"g<h>i|j', '..', 'CON', '  ']),
    ).toEqual([
      'Notes',
      'notes (2)',
      'NOTES (3)',
      'a b c d e f g h i j',
      'Untitled',
      'CON_',
      'Untitled (2)',
    ])
  })

  it('never let a title escape the export folder', () => {
    for (const stem of uniqueFileStems(['../../etc/passwd', '/abs', '..\\..\\win']))
      expect(stem).not.toMatch(/[/\\]|^\.\./)
  })
})
