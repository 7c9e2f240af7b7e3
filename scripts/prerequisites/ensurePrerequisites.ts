/**
 * Checks a README command's prerequisites before any of its stages runs. What is missing is
 * installed with apt where that is possible (root, apt-get present: `apt-get update` first,
 * each step printed); otherwise it stops at once with the exact command to run, or with what to
 * install by hand on a machine without apt.
 */
import { requirementsFor, type Purpose, type Requirement, type System } from './requirements.ts'

export interface Runner {
  /** Runs a command with its output shown; resolves to its exit code. */
  run: (command: string, args: string[], env?: Record<string, string>) => Promise<number>
  log: (line: string) => void
}

export interface PrerequisiteReport {
  ok: boolean
  /** One line per requirement, for the summary at the end of the run. */
  summary: string[]
  /** Requirements left out on purpose (an opt-out variable). */
  skipped: Requirement['id'][]
}

function optedOut(requirement: Requirement, system: System): boolean {
  return Boolean(requirement.optOut && system.env[requirement.optOut] === '1')
}

function canUseApt(system: System): boolean {
  return system.platform === 'linux' && system.uid === 0 && system.hasCommand('apt-get')
}

/** The exact command for someone who is not root, on a machine with apt. */
export function aptCommand(packages: string[], system: System): string {
  const sudo = system.uid === 0 ? '' : 'sudo '
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`
}

function explainMissing(missing: Requirement[], system: System): string[] {
  const lines = ['', 'Missing before the checks can run:']
  for (const requirement of missing) lines.push(`  ✗ ${requirement.label}`)
  const packages = missing.flatMap((requirement) => requirement.aptPackage(system) ?? [])
  const hasApt = system.platform === 'linux' && system.hasCommand('apt-get')
  if (hasApt && packages.length > 0)
    lines.push('', 'Install them with:', `  ${aptCommand(packages, system)}`)
  const byHand = missing.filter((requirement) => !hasApt || !requirement.aptPackage(system))
  for (const requirement of byHand)
    lines.push('', `${requirement.label}:`, requirement.manual(system))
  const optOuts = missing.filter((requirement) => requirement.optOut)
  for (const requirement of optOuts)
    lines.push('', `To run without it: ${requirement.optOut}=1 (said so in the summary).`)
  lines.push('', 'Then run the command again.')
  return lines
}

export async function ensurePrerequisites(
  purpose: Purpose,
  system: System,
  runner: Runner,
): Promise<PrerequisiteReport> {
  const summary: string[] = []
  const skipped: Requirement['id'][] = []
  const missing: Requirement[] = []
  for (const requirement of requirementsFor(purpose)) {
    if (optedOut(requirement, system)) {
      skipped.push(requirement.id)
      summary.push(`– ${requirement.label}: skipped (${requirement.optOut}=1)`)
      continue
    }
    const found = requirement.find(system)
    if (found) summary.push(`✓ ${requirement.label}: ${found}`)
    else missing.push(requirement)
  }
  if (missing.length === 0) return { ok: true, summary, skipped }

  const packages = missing.flatMap((requirement) => requirement.aptPackage(system) ?? [])
  if (canUseApt(system) && packages.length === missing.length) {
    const env = { DEBIAN_FRONTEND: 'noninteractive' }
    runner.log(`==> Installing what this machine lacks with apt: ${packages.join(', ')}`)
    runner.log('==> apt-get update')
    const updated = await runner.run('apt-get', ['update'], env)
    runner.log(`==> apt-get install -y ${packages.join(' ')}`)
    const installed =
      updated === 0 ? await runner.run('apt-get', ['install', '-y', ...packages], env) : updated
    const stillMissing = missing.filter((requirement) => !requirement.find(system))
    if (installed === 0 && stillMissing.length === 0) {
      for (const requirement of missing)
        summary.push(`✓ ${requirement.label}: ${requirement.find(system)} (installed now)`)
      return { ok: true, summary, skipped }
    }
    runner.log(`apt could not install everything (exit code ${installed}).`)
    for (const line of explainMissing(stillMissing.length ? stillMissing : missing, system))
      runner.log(line)
    return { ok: false, summary, skipped }
  }

  for (const line of explainMissing(missing, system)) runner.log(line)
  return { ok: false, summary, skipped }
}
