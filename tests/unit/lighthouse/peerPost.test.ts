import { describe, expect, it } from 'vitest'
import { postSlugOf } from '../../../scripts/lighthouse/peerPost.ts'

describe('postSlugOf', () => {
  it('finds the post the peer must build among the audited pages', () => {
    expect(postSlugOf('/blog/a-supabase-backend-on-your-laptop')).toBe(
      'a-supabase-backend-on-your-laptop',
    )
    expect(postSlugOf('/blog/introducing-folio/')).toBe('introducing-folio')
  })

  it('leaves out pages that are not one post', () => {
    expect(postSlugOf('/blog')).toBeUndefined()
    expect(postSlugOf('/blog/')).toBeUndefined()
    expect(postSlugOf('/pricing')).toBeUndefined()
    expect(postSlugOf('/blog/a/b')).toBeUndefined()
  })
})
