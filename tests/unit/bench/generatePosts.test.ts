import { describe, expect, it } from 'vitest'
import { POST_KINDS } from '../../../scripts/bench/generatePosts.ts'
import { parseFrontmatter } from '../../../scripts/content/frontmatter.ts'
import { postFields } from '../../../scripts/content/schema.ts'

describe('the bench post generators', () => {
  it.each(Object.keys(POST_KINDS))('write %s posts the site build accepts', (kind) => {
    const post = POST_KINDS[kind as keyof typeof POST_KINDS]
    for (const n of [0, 1, 999]) {
      const file = `content/blog/bench-post-${n}.md`
      expect(() => postFields(file, parseFrontmatter(file, post(n)))).not.toThrow()
    }
  })
})
