/**
 * The deploy plan: per phase, which files must be uploaded (new or changed content) and which
 * are already stored; which files of older builds are kept or deleted. `--dry-run` prints it.
 */
import { LATEST_MANIFEST, PHASES, type Build, type BuildFile, type Phase } from './buildFiles.ts'
import { findStaleFiles, type DeployState, type StaleFiles } from './deployState.ts'
import type { StoredObject } from './objectStore.ts'

export interface PhasePlan {
  phase: Phase
  upload: BuildFile[]
  unchanged: BuildFile[]
}

export interface DeployPlan {
  target: string
  build: Build
  /** Id in the stored builds/latest.json: what visitors get until the deploy finishes. */
  liveBuild: string | null
  phases: PhasePlan[]
  stale: StaleFiles
  graceDays: number
}

export interface PlanInput {
  target: string
  build: Build
  remote: ReadonlyMap<string, StoredObject>
  remoteLatest: string | null
  state: DeployState
  now: Date
  graceDays: number
  force: boolean
}

const DAY_MS = 24 * 60 * 60 * 1000

export const PHASE_TITLES: Record<Phase, string> = {
  assets: 'assets',
  payloads: 'payloads',
  pages: 'pages',
  'build-meta': 'build metadata',
  latest: LATEST_MANIFEST,
}

function liveBuildId(latestJson: string | null): string | null {
  try {
    const id = latestJson === null ? null : (JSON.parse(latestJson) as { id?: unknown }).id
    return typeof id === 'string' ? id : null
  } catch {
    return null
  }
}

export function makePlan(input: PlanInput): DeployPlan {
  const phases = PHASES.map((phase): PhasePlan => {
    const files = input.build.files.filter((file) => file.phase === phase)
    const isStored = (file: BuildFile) => input.remote.get(file.path)?.etag === file.md5
    return {
      phase,
      upload: input.force ? files : files.filter((file) => !isStored(file)),
      unchanged: input.force ? [] : files.filter(isStored),
    }
  })
  return {
    target: input.target,
    build: input.build,
    liveBuild: liveBuildId(input.remoteLatest),
    phases,
    stale: findStaleFiles(
      input.state,
      input.build,
      input.remote,
      input.now,
      input.graceDays * DAY_MS,
    ),
    graceDays: input.graceDays,
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`
}

const totalSize = (files: readonly { size: number }[]) =>
  formatBytes(files.reduce((sum, file) => sum + file.size, 0))

export function countUploads(plan: DeployPlan): number {
  return plan.phases.reduce((sum, phase) => sum + phase.upload.length, 0)
}

/** The summary printed before every deploy; `withFiles` adds one line per file (dry run). */
export function formatPlan(plan: DeployPlan, withFiles: boolean): string {
  const lines = [
    `Build ${plan.build.id} → ${plan.target}`,
    `Live build now: ${plan.liveBuild ?? 'none'}`,
    '',
  ]
  plan.phases.forEach(({ phase, upload, unchanged }, index) => {
    lines.push(
      `${index + 1}. ${PHASE_TITLES[phase].padEnd(18)} ${String(upload.length).padStart(4)} to upload (${totalSize(upload)}), ${unchanged.length} unchanged`,
    )
    if (withFiles) {
      for (const file of upload) {
        lines.push(
          `     ${file.path}  ${formatBytes(file.size)}  ${file.contentType}  ${file.cacheControl}`,
        )
      }
    }
  })
  const { kept, expired } = plan.stale
  lines.push(
    '',
    `Files of older builds: ${kept.length} kept within the ${plan.graceDays}-day grace (${totalSize(kept)}), ${expired.length} to delete (${totalSize(expired)})`,
  )
  if (withFiles) {
    for (const file of expired)
      lines.push(`     delete ${file.path}  (replaced ${file.retiredAt.toISOString()})`)
    for (const file of kept)
      lines.push(`     keep ${file.path}  (replaced ${file.retiredAt.toISOString()})`)
  }
  return lines.join('\n')
}
