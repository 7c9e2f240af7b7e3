import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const workflow = readFileSync('.github/workflows/deploy.yml', 'utf8')

describe('the deploy workflow', () => {
  // A tag can be moved to other code by whoever controls the action's repository; a commit
  // cannot, and this job holds the production secrets.
  it('pins every action by a full commit SHA, naming its release', () => {
    const uses = [...workflow.matchAll(/^\s*-?\s*uses:\s*(\S+)(.*)$/gm)]
    expect(uses.length).toBeGreaterThan(0)
    for (const [, action, rest] of uses) {
      expect(action, action).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/)
      expect(rest, `${action} names its release`).toMatch(/#\s*v\d+\.\d+\.\d+/)
    }
  })

  it('installs a fixed Supabase CLI version', () => {
    const version = /setup-cli@[^\n]*\n\s*with:[\s\S]*?version:\s*(\S+)/.exec(workflow)?.[1]
    expect(version).toMatch(/^\d+\.\d+\.\d+$/)
  })
})
