/**
 * `npm test`: the prerequisite check, then every stage CI runs, in order, stopping at the first
 * that fails; then a summary of what ran, what passed and what was left out on purpose.
 */
import type { PrerequisiteReport } from '../prerequisites/ensurePrerequisites.ts'

export const TEST_STAGES = [
  'typecheck',
  'lint',
  'test:unit',
  'test:backend',
  'build',
  'size',
  'test:e2e',
] as const

export interface StageDependencies {
  ensurePrerequisites: () => Promise<PrerequisiteReport>
  /** Runs `npm run <stage>`; resolves to its exit code. */
  runStage: (stage: string) => Promise<number>
  log: (line: string) => void
  now: () => number
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`
}

/** Resolves to the process exit code: 0 when every stage passed. */
export async function runTestStages(deps: StageDependencies): Promise<number> {
  deps.log('==> Checking prerequisites')
  const prerequisites = await deps.ensurePrerequisites()
  const results: string[] = []
  let failed: string | null = prerequisites.ok ? null : 'prerequisites'
  if (!failed) {
    for (const stage of TEST_STAGES) {
      deps.log(`\n==> npm run ${stage}`)
      const started = deps.now()
      const code = await deps.runStage(stage)
      const took = seconds(deps.now() - started)
      results.push(`${code === 0 ? '✓' : '✗'} ${stage} (${took})`)
      if (code !== 0) {
        failed = stage
        break
      }
    }
  }

  deps.log('\n==> Summary')
  for (const line of prerequisites.summary) deps.log(`  ${line}`)
  for (const line of results) deps.log(`  ${line}`)
  if (prerequisites.skipped.includes('postgresql'))
    deps.log(
      '  ⚠ The backend suite ran on PGlite only: the PostgreSQL run was skipped (FOLIO_SKIP_POSTGRES=1).',
    )
  if (failed === 'prerequisites') deps.log('  ✗ stopped before any stage: prerequisites missing')
  else if (failed) deps.log(`  ✗ stopped at ${failed}`)
  else deps.log(`  ✓ all ${TEST_STAGES.length} stages passed`)
  return failed ? 1 : 0
}
