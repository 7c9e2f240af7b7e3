/**
 * `npm test`: the prerequisite check, then every stage CI runs, then a summary of what ran,
 * what passed and what was left out on purpose.
 *
 * Stages run in phases, one after the other; a phase's lanes run side by side, each stopping
 * at its first failure, and no later phase starts once one has failed. The quick checks share
 * the first phase with the backend suite: tsc and ESLint use one core, and the backend suite
 * leaves one mostly idle (its files wait on TOTP time steps, realtime and PostgreSQL), so on
 * the 2-core CI machine they cost no wall time of their own. The first lane of a phase prints
 * as it runs; the others print whole when the phase is over, so no two outputs interleave.
 */
import type { PrerequisiteReport } from '../prerequisites/ensurePrerequisites.ts'

export const TEST_PHASES = [
  [['test:backend'], ['typecheck', 'lint', 'test:unit']],
  [['build', 'size', 'test:e2e']],
] as const

/** Every stage, in the order the phases list them. */
export const TEST_STAGES = TEST_PHASES.flat(2)

export interface StageRun {
  code: number
  /** The stage's output, when it was held back (a lane that does not print as it runs). */
  output?: string
}

export interface StageDependencies {
  ensurePrerequisites: () => Promise<PrerequisiteReport>
  /** Runs `npm run <stage>`, printing as it goes unless `held` (then its output is returned). */
  runStage: (stage: string, options: { held: boolean }) => Promise<StageRun>
  log: (line: string) => void
  now: () => number
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`
}

interface LaneResult {
  results: string[]
  failed: string | null
  /** For a held lane: its stage headings and outputs, printed after the phase. */
  held: string[]
}

async function runLane(
  stages: readonly string[],
  held: boolean,
  deps: StageDependencies,
): Promise<LaneResult> {
  const lane: LaneResult = { results: [], failed: null, held: [] }
  for (const stage of stages) {
    const heading = `\n==> npm run ${stage}`
    if (held) lane.held.push(heading)
    else deps.log(heading)
    const started = deps.now()
    const { code, output } = await deps.runStage(stage, { held })
    const took = seconds(deps.now() - started)
    if (held && output) lane.held.push(output.replace(/\n$/, ''))
    lane.results.push(`${code === 0 ? '✓' : '✗'} ${stage} (${took})`)
    if (code !== 0) {
      lane.failed = stage
      break
    }
  }
  return lane
}

/** Resolves to the process exit code: 0 when every stage passed. */
export async function runTestStages(deps: StageDependencies): Promise<number> {
  deps.log('==> Checking prerequisites')
  const prerequisites = await deps.ensurePrerequisites()
  const results: string[] = []
  const failures: string[] = prerequisites.ok ? [] : ['prerequisites']
  for (const phase of TEST_PHASES) {
    if (failures.length > 0) break
    const [printed, ...others] = phase
    if (others.length > 0)
      deps.log(`\n==> Side by side: ${phase.map((lane) => lane.join(', ')).join(' | ')}`)
    const lanes = await Promise.all([
      runLane(printed, false, deps),
      ...others.map((lane) => runLane(lane, true, deps)),
    ])
    for (const lane of lanes) {
      for (const line of lane.held) deps.log(line)
      results.push(...lane.results)
      if (lane.failed) failures.push(lane.failed)
    }
  }

  deps.log('\n==> Summary')
  for (const line of prerequisites.summary) deps.log(`  ${line}`)
  for (const line of results) deps.log(`  ${line}`)
  if (prerequisites.skipped.includes('postgresql'))
    deps.log(
      '  ⚠ The backend suite ran on PGlite only: the PostgreSQL run was skipped (FOLIO_SKIP_POSTGRES=1).',
    )
  if (failures[0] === 'prerequisites')
    deps.log('  ✗ stopped before any stage: prerequisites missing')
  else if (failures.length > 0) deps.log(`  ✗ stopped at ${failures.join(' and ')}`)
  else deps.log(`  ✓ all ${TEST_STAGES.length} stages passed`)
  return failures.length > 0 ? 1 : 0
}
