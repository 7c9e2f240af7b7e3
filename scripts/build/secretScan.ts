/**
 * Fails the build when a secret reached dist/. Vite inlines every `VITE_` variable it is given,
 * so one misnamed variable (VITE_STRIPE_SECRET_KEY…) would publish a key to every visitor.
 * Checked: the values of secret-looking environment variables of this build, and the shapes of
 * Stripe secret and webhook keys.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { forEachFile } from './forEachFile.ts'

const SECRET_NAME = /SECRET|SERVICE_ROLE|PRIVATE|PASSWORD|WEBHOOK/i
const SECRET_SHAPES = [
  /\bsk_(live|test)_[A-Za-z0-9]{10,}/,
  /\brk_(live|test)_[A-Za-z0-9]{10,}/,
  /\bwhsec_[A-Za-z0-9]{10,}/,
]
const TEXT_FILE = /\.(html|js|mjs|css|json|xml|txt|map)$/

export interface SecretFinding {
  file: string
  what: string
}

export function secretValues(env: NodeJS.ProcessEnv, extra: string[] = []): string[] {
  const fromEnv = Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && value && value.length >= 12)
    .map(([, value]) => value as string)
  return [...fromEnv, ...extra]
}

export function findSecrets(text: string, values: string[]): string[] {
  const found = values
    .filter((value) => text.includes(value))
    .map(() => 'a secret from the build environment')
  for (const shape of SECRET_SHAPES) {
    const match = shape.exec(text)
    if (match) found.push(`something shaped like a secret key (${match[0].slice(0, 8)}…)`)
  }
  return found
}

/** Scans dist/'s text files; `skip` leaves out files already checked (pages, as they are rendered). */
export async function scanForSecrets(
  distDir: string,
  values: string[],
  skip: (name: string) => boolean = () => false,
): Promise<SecretFinding[]> {
  const entries = await readdir(distDir, { withFileTypes: true, recursive: true })
  const files = entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name) && !skip(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
  const findings: SecretFinding[] = []
  await forEachFile(files, async (file) => {
    for (const what of findSecrets(await readFile(file, 'utf8'), values)) {
      findings.push({ file: relative(distDir, file), what })
    }
  })
  return findings.sort((a, b) => a.file.localeCompare(b.file))
}
