/**
 * Runs a deploy: reads the build and the stored state, plans, then uploads phase by phase and
 * replaces `builds/latest.json` only when everything it points at is stored. Files of replaced
 * builds are deleted once their grace period has passed.
 */
import { readFile } from 'node:fs/promises'
import {
  CLOUDFRONT_POLICY,
  HEADERS_JSON,
  HeaderFilesError,
  PAGES_HEADERS,
  headerDisagreements,
} from '../build/securityHeaders.ts'
import { BuildError, LATEST_MANIFEST, readBuild, type BuildFile } from './buildFiles.ts'
import {
  STATE_PATH,
  claimBuildFiles,
  parseDeployState,
  settledState,
  type DeployState,
  type StaleFile,
} from './deployState.ts'
import type { ObjectStore } from './objectStore.ts'
import { assertNotDevelopmentBuild, readDevelopmentValues } from './productionCheck.ts'
import {
  PHASE_TITLES,
  countUploads,
  formatBytes,
  formatPlan,
  makePlan,
  type DeployPlan,
} from './plan.ts'

export interface DeployOptions {
  store: ObjectStore
  distDir: string
  dryRun: boolean
  force: boolean
  graceDays: number
  concurrency: number
  log: (line: string) => void
  /** The clock that dates retired files; tests move it forward to pass the grace period. */
  now?: () => Date
  /** The dotenv file with the development defaults a production build must not contain. */
  developmentEnvFile?: string
}

export interface DeployResult {
  plan: DeployPlan
  uploaded: number
  deleted: string[]
  /** Expired files that could not be deleted; they stay recorded and are retried next time. */
  notDeleted: string[]
}

export class DeployFailed extends Error {
  override name = 'DeployFailed'
}

/**
 * Runs `task` over `items` with at most `concurrency` at a time. After the first failure no new
 * task starts (the ones running finish); returns the failures.
 */
async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<{ item: T; error: Error }[]> {
  const failures: { item: T; error: Error }[] = []
  let next = 0
  const worker = async () => {
    while (next < items.length && failures.length === 0) {
      const item = items[next++]!
      try {
        await task(item)
      } catch (error) {
        failures.push({ item, error: error as Error })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return failures
}

async function putState(store: ObjectStore, state: DeployState): Promise<void> {
  await store.put(STATE_PATH, Buffer.from(`${JSON.stringify(state, null, 2)}\n`), {
    contentType: 'application/json; charset=utf-8',
    cacheControl: 'no-store',
  })
}

/**
 * The pages are published only under the headers the build emitted for them: a page edited
 * after the build (or header files edited by hand) would be blocked by its own CSP, or served
 * under headers nobody checked.
 */
async function assertHeadersMatchPages(distDir: string): Promise<void> {
  let problems: string[]
  try {
    problems = await headerDisagreements(distDir)
  } catch (error) {
    if (error instanceof HeaderFilesError) throw new BuildError(error.message)
    throw error
  }
  if (problems.length === 0) return
  throw new BuildError(
    `The security headers (${HEADERS_JSON}) and the pages of ${distDir}/ disagree, so nothing was published:\n` +
      problems.map((problem) => `  ${problem}`).join('\n') +
      '\nRebuild with `npm run build`, then deploy.',
  )
}

export async function deploy(options: DeployOptions): Promise<DeployResult> {
  const { store, log } = options
  const now = (options.now ?? (() => new Date()))()
  const build = await readBuild(options.distDir)
  await assertHeadersMatchPages(options.distDir)
  await assertNotDevelopmentBuild(
    build,
    await readDevelopmentValues(options.developmentEnvFile ?? '.env'),
  )
  const [remote, remoteLatest, stateText] = await Promise.all([
    store.list(),
    store.getText(LATEST_MANIFEST),
    store.getText(STATE_PATH),
  ])
  const state = parseDeployState(stateText)
  const plan = makePlan({
    target: store.description,
    build,
    remote,
    remoteLatest,
    state,
    now,
    graceDays: options.graceDays,
    force: options.force,
  })
  log(formatPlan(plan, options.dryRun))
  log(
    `\nSecurity headers: ${PAGES_HEADERS} goes up with the pages (Pages-style hosts apply it); ` +
      `behind CloudFront, apply ${options.distDir}/${CLOUDFRONT_POLICY} as the distribution's response headers policy.`,
  )
  const result: DeployResult = { plan, uploaded: 0, deleted: [], notDeleted: [] }
  if (options.dryRun) {
    log('\nDry run: nothing was uploaded or deleted.')
    return result
  }

  const total = countUploads(plan)
  if (total > 0) await putState(store, claimBuildFiles(state, build))
  log('')
  for (const { phase, upload } of plan.phases) {
    const failures = await runPool(upload, options.concurrency, async (file: BuildFile) => {
      await store.put(file.path, await readFile(file.absolutePath), file)
      result.uploaded++
      log(`  [${result.uploaded}/${total}] ${file.path} (${formatBytes(file.size)})`)
    })
    if (failures.length > 0) {
      const which = failures.map(({ item, error }) => `  ${item.path}: ${error.message}`)
      throw new DeployFailed(
        `Uploading ${PHASE_TITLES[phase]} failed:\n${which.join('\n')}\n` +
          `${LATEST_MANIFEST} was not replaced, so visitors still get build ${plan.liveBuild ?? '(none)'}. ` +
          'Run the deploy again once the cause is fixed; files already stored are skipped.',
      )
    }
  }

  const { kept, expired } = plan.stale
  const notDeleted: StaleFile[] = []
  await runPool(expired, options.concurrency, async (file) => {
    try {
      await store.delete(file.path)
      result.deleted.push(file.path)
      log(`  deleted ${file.path}`)
    } catch (error) {
      // The new build is already live; a leftover file only costs storage until the next deploy.
      notDeleted.push(file)
      log(`  could not delete ${file.path}: ${(error as Error).message}`)
    }
  })
  result.notDeleted = notDeleted.map((file) => file.path)
  const settled = settledState(build, [...kept, ...notDeleted])
  if (JSON.stringify(settled) !== JSON.stringify(state)) await putState(store, settled)

  log(
    `\nBuild ${build.id} is live: ${result.uploaded} uploaded, ${total === 0 ? 'nothing had changed' : `${build.files.length - result.uploaded} unchanged`}; ` +
      `${kept.length} files of older builds kept, ${result.deleted.length} deleted` +
      (notDeleted.length > 0 ? `, ${notDeleted.length} to retry next deploy.` : '.'),
  )
  return result
}
