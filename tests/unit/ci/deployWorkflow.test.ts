import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

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

  // workflow_dispatch takes any branch: without this, whoever can push a branch could run its
  // code with the production secrets and publish it, skipping review on main.
  it('deploys main only, also when started by hand', () => {
    const job = /^ {2}deploy:\n((?: {4}.*\n|\s*\n)*)/m.exec(workflow)?.[1] ?? ''
    expect(job).toMatch(/^ {4}if:\s*github\.ref\s*==\s*'refs\/heads\/main'\s*$/m)
  })

  it('installs a fixed Supabase CLI version', () => {
    const version = /setup-cli@[^\n]*\n\s*with:[\s\S]*?version:\s*(\S+)/.exec(workflow)?.[1]
    expect(version).toMatch(/^\d+\.\d+\.\d+$/)
  })

  // config push cannot carry leaked password protection; the file the local backend tests
  // with is the one sent to the Management API, after the config push that it amends, and a refusal
  // (curl --fail-with-body) stops the deploy.
  it('sends supabase/auth-management.json to the Management API after config push', () => {
    const push = workflow.indexOf('supabase config push')
    const patch =
      /curl --fail-with-body[\s\S]*?-X PATCH[\s\S]*?\/v1\/projects\/\$SUPABASE_PROJECT_ID\/config\/auth[\s\S]*?--data @supabase\/auth-management\.json/.exec(
        workflow,
      )
    expect(push).toBeGreaterThan(0)
    expect(patch?.index).toBeGreaterThan(push)
  })

  // The Supabase CLI loads config.toml for every command and refuses an SMTP password it could
  // not read from the environment (pkg/config/config.go, email.validate): every step running it
  // must have every env(NAME) the file names, secrets from secrets.
  it('gives every Supabase CLI step the variables config.toml reads from the environment', () => {
    const config = readFileSync('supabase/config.toml', 'utf8')
    const names = [...config.matchAll(/=\s*"env\(([A-Z_]+)\)"/g)].map((match) => match[1]!)
    expect(names).toEqual(expect.arrayContaining(['SITE_URL', 'SMTP_HOST', 'SMTP_PASS']))
    type Step = { run?: string; env?: Record<string, string> }
    const steps = (parse(workflow) as { jobs: { deploy: { steps: Step[] } } }).jobs.deploy.steps
    const cliSteps = steps.filter((step) => /^\s*supabase /m.test(step.run ?? ''))
    expect(cliSteps.length).toBeGreaterThanOrEqual(3)
    for (const step of cliSteps) {
      for (const name of names) expect(step.env?.[name], `${name} in: ${step.run}`).toBeTruthy()
      expect(step.env?.SMTP_PASS).toBe('${{ secrets.SMTP_PASS }}')
    }
  })
})
