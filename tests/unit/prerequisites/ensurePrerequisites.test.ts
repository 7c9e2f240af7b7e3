import { describe, expect, it } from 'vitest'
import {
  ensurePrerequisites,
  type Runner,
} from '../../../scripts/prerequisites/ensurePrerequisites.ts'
import type { System } from '../../../scripts/prerequisites/requirements.ts'
import { TEST_STAGES, runTestStages } from '../../../scripts/testing/runTestStages.ts'

const CHROMIUM = '/usr/bin/chromium-headless-shell'
const INITDB_15 = '/usr/lib/postgresql/15/bin/initdb'

/**
 * A described machine: which files exist, who runs, whether apt is there. Running apt only
 * records the call and (as apt would) makes the installed packages' files appear.
 */
function machine({
  files = [CHROMIUM, INITDB_15],
  uid = 1000,
  apt = true,
  platform = 'linux' as NodeJS.Platform,
  env = {} as Record<string, string>,
  nodeVersion = 'v20.20.2',
  aptInstalls = true,
} = {}) {
  const present = new Set(files)
  const calls: string[] = []
  const lines: string[] = []
  const system: System = {
    platform,
    uid,
    nodeVersion,
    env,
    fileExists: (file) => present.has(file),
    listDir: (dir) =>
      [...present]
        .filter((file) => file.startsWith(`${dir}/`))
        .map((file) => file.slice(dir.length + 1).split('/')[0] as string),
    hasCommand: (command) => command === 'apt-get' && apt,
  }
  const runner: Runner = {
    log: (line) => lines.push(line),
    run: async (command, args, runEnv) => {
      calls.push(
        [command, ...args].join(' ') + (runEnv?.DEBIAN_FRONTEND ? ' (noninteractive)' : ''),
      )
      if (aptInstalls && args[0] === 'install') {
        if (args.includes('chromium-headless-shell')) present.add(CHROMIUM)
        if (args.includes('postgresql-15')) present.add(INITDB_15)
      }
      return aptInstalls ? 0 : 100
    },
  }
  return { system, runner, calls, output: () => lines.join('\n') }
}

describe('npm test prerequisites', () => {
  it('passes without touching anything when chromium and PostgreSQL are there', async () => {
    const { system, runner, calls } = machine()
    const report = await ensurePrerequisites('test', system, runner)
    expect(report.ok).toBe(true)
    expect(calls).toEqual([])
    expect(report.summary.join('\n')).toContain(
      `Chromium headless shell (end-to-end tests): ${CHROMIUM}`,
    )
    expect(report.summary.join('\n')).toContain('/usr/lib/postgresql/15/bin')
  })

  it('as root with apt: updates, then installs what is missing, saying what it does', async () => {
    const { system, runner, calls, output } = machine({ files: [], uid: 0 })
    const report = await ensurePrerequisites('test', system, runner)
    expect(calls).toEqual([
      'apt-get update (noninteractive)',
      'apt-get install -y chromium-headless-shell postgresql-15 (noninteractive)',
    ])
    expect(output()).toContain('==> apt-get install -y chromium-headless-shell postgresql-15')
    expect(report.ok).toBe(true)
    expect(report.summary.join('\n')).toContain('(installed now)')
  })

  it('installs only what is missing', async () => {
    const { system, runner, calls } = machine({ files: [CHROMIUM], uid: 0 })
    expect((await ensurePrerequisites('test', system, runner)).ok).toBe(true)
    expect(calls).toEqual([
      'apt-get update (noninteractive)',
      'apt-get install -y postgresql-15 (noninteractive)',
    ])
  })

  it('when apt fails, stops with the command to run', async () => {
    const { system, runner, output } = machine({ files: [], uid: 0, aptInstalls: false })
    const report = await ensurePrerequisites('test', system, runner)
    expect(report.ok).toBe(false)
    expect(output()).toContain(
      'apt-get update && apt-get install -y chromium-headless-shell postgresql-15',
    )
  })

  it('not root: runs nothing and gives the exact command, with sudo', async () => {
    const { system, runner, calls, output } = machine({ files: [INITDB_15], uid: 1000 })
    const report = await ensurePrerequisites('test', system, runner)
    expect(report.ok).toBe(false)
    expect(calls).toEqual([])
    expect(output()).toContain(
      'sudo apt-get update && sudo apt-get install -y chromium-headless-shell',
    )
    expect(output()).not.toContain('postgresql-15')
  })

  it('without apt (macOS): says what to install by hand and how to point CHROMIUM_PATH at it', async () => {
    const { system, runner, calls, output } = machine({
      files: [],
      uid: 501,
      apt: false,
      platform: 'darwin',
    })
    const report = await ensurePrerequisites('test', system, runner)
    expect(report.ok).toBe(false)
    expect(calls).toEqual([])
    expect(output()).toContain('export CHROMIUM_PATH=')
    expect(output()).toContain('FOLIO_POSTGRES_BIN_DIR')
    expect(output()).toContain('FOLIO_SKIP_POSTGRES=1')
    expect(output()).not.toContain('apt-get')
  })

  it('uses CHROMIUM_PATH and FOLIO_POSTGRES_BIN_DIR when given, and refuses a wrong one', async () => {
    const good = machine({
      files: ['/opt/chrome/chrome', '/opt/pg/bin/initdb'],
      env: { CHROMIUM_PATH: '/opt/chrome/chrome', FOLIO_POSTGRES_BIN_DIR: '/opt/pg/bin' },
    })
    expect((await ensurePrerequisites('test', good.system, good.runner)).ok).toBe(true)
    // A path given by hand that leads nowhere is reported, not papered over with apt.
    const wrong = machine({ env: { CHROMIUM_PATH: '/nowhere/chrome' }, uid: 0 })
    expect((await ensurePrerequisites('test', wrong.system, wrong.runner)).ok).toBe(false)
    expect(wrong.calls).toEqual([])
    expect(wrong.output()).toContain(
      'CHROMIUM_PATH is /nowhere/chrome, and there is no file there.',
    )
  })

  it('FOLIO_SKIP_POSTGRES=1 leaves PostgreSQL out, and only PostgreSQL', async () => {
    const skipping = machine({ files: [CHROMIUM], env: { FOLIO_SKIP_POSTGRES: '1' } })
    const report = await ensurePrerequisites('test', skipping.system, skipping.runner)
    expect(report.ok).toBe(true)
    expect(report.skipped).toEqual(['postgresql'])
    expect(report.summary.join('\n')).toContain('skipped (FOLIO_SKIP_POSTGRES=1)')

    const noChromium = machine({ files: [INITDB_15], env: { FOLIO_SKIP_POSTGRES: '1' } })
    expect((await ensurePrerequisites('test', noChromium.system, noChromium.runner)).ok).toBe(false)
  })

  it('stops on a Node older than 20.19 with what to do', async () => {
    const { system, runner, output } = machine({ nodeVersion: 'v20.11.0' })
    expect((await ensurePrerequisites('test', system, runner)).ok).toBe(false)
    expect(output()).toContain('Install Node 20.19 or newer')
  })
})

describe('npm start prerequisites', () => {
  it('needs nothing beyond Node: no chromium, no PostgreSQL, no apt', async () => {
    const { system, runner, calls } = machine({ files: [], uid: 0 })
    const report = await ensurePrerequisites('start', system, runner)
    expect(report.ok).toBe(true)
    expect(calls).toEqual([])
  })
})

describe('npm test stages', () => {
  /**
   * A run whose stages take turns as an event loop would have them: each stage finishes
   * after `durations[stage]` ticks (1 by default), so lanes side by side interleave.
   */
  function stages(
    prerequisitesOk: boolean,
    failAt?: string,
    skipped: 'postgresql'[] = [],
    durations: Record<string, number> = {},
  ) {
    const ran: string[] = []
    const lines: string[] = []
    const run = runTestStages({
      ensurePrerequisites: async () => ({ ok: prerequisitesOk, summary: ['✓ Node'], skipped }),
      runStage: async (stage, { held }) => {
        ran.push(stage)
        for (let tick = 0; tick < (durations[stage] ?? 1); tick += 1) await Promise.resolve()
        lines.push(held ? `(held) ${stage} ran` : `${stage} printed`)
        return { code: stage === failAt ? 1 : 0, output: held ? `${stage} output` : undefined }
      },
      log: (line) => lines.push(line),
      now: () => 0,
    })
    return { run, ran, output: () => lines.join('\n'), lines }
  }

  it('missing prerequisites stop the run before any stage', async () => {
    const { run, ran, output } = stages(false)
    expect(await run).toBe(1)
    expect(ran).toEqual([])
    expect(output()).toContain('stopped before any stage')
  })

  it('runs every stage once: the checks beside the backend suite, then build, size and e2e', async () => {
    const all = stages(true, undefined, [], { 'test:backend': 20 })
    expect(await all.run).toBe(0)
    expect([...all.ran].sort()).toEqual([...TEST_STAGES].sort())
    // The checks ran while the backend suite did, and the build waited for both.
    expect(all.ran.slice(0, 4)).toEqual(['test:backend', 'typecheck', 'lint', 'test:unit'])
    expect(all.ran.slice(4)).toEqual(['build', 'size', 'test:e2e'])
    expect(all.output()).toContain('✓ all 7 stages passed')
  })

  it('prints a held lane whole after its phase, never inside the printed lane’s output', async () => {
    const { run, lines } = stages(true, undefined, [], { 'test:backend': 20 })
    await run
    const backendDone = lines.indexOf('test:backend printed')
    const typecheckHeading = lines.indexOf('\n==> npm run typecheck')
    expect(backendDone).toBeGreaterThan(-1)
    expect(typecheckHeading).toBeGreaterThan(backendDone)
    expect(lines.slice(typecheckHeading, typecheckHeading + 2)).toEqual([
      '\n==> npm run typecheck',
      'typecheck output',
    ])
  })

  it('a failing check stops its lane and the later phases, and the backend suite still finishes', async () => {
    const failing = stages(true, 'lint', [], { 'test:backend': 20 })
    expect(await failing.run).toBe(1)
    expect(failing.ran).toEqual(['test:backend', 'typecheck', 'lint'])
    expect(failing.output()).toContain('✓ test:backend')
    expect(failing.output()).toContain('stopped at lint')
    const both = stages(true, 'test:backend')
    expect(await both.run).toBe(1)
    expect(both.ran).not.toContain('build')
    expect(both.output()).toContain('stopped at test:backend')
  })

  it('says in the summary when the PostgreSQL run was skipped', async () => {
    const { run, output } = stages(true, undefined, ['postgresql'])
    expect(await run).toBe(0)
    expect(output()).toMatch(
      /PGlite only: the PostgreSQL run was skipped \(FOLIO_SKIP_POSTGRES=1\)/,
    )
  })
})
