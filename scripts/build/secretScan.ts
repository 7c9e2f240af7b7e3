/**
 * Fails the build when a secret reached dist/. Vite inlines every `VITE_` variable it is given,
 * so one misnamed variable (VITE_STRIPE_SECRET_KEY…) would publish a key to every visitor.
 * Checked, in every file of dist/ whatever its type: the values of secret-looking variables of
 * this build (its environment and its dotenv files), the shapes of Supabase secret keys and
 * Stripe secret, restricted and webhook keys, the shapes of the credentials the deploy holds
 * (Supabase access token, AWS access key id, GitHub token), and every JWT-shaped string, which
 * must be an anon key (the only JWT meant to be public: a service_role key or a user's token
 * would give its holder their rights). Public keys (anon, sb_publishable_, pk_) pass.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { forEachFile } from './forEachFile.ts'

const SECRET_NAME = /SECRET|SERVICE_ROLE|PRIVATE|PASSWORD|WEBHOOK/i
const SECRET_SHAPES = [
  /\bsb_secret_[A-Za-z0-9_-]{10,}/,
  /\bsk_(live|test)_[A-Za-z0-9]{10,}/,
  /\brk_(live|test)_[A-Za-z0-9]{10,}/,
  /\bwhsec_[A-Za-z0-9]{10,}/,
  // The deploy's own credentials (SUPABASE_ACCESS_TOKEN, AWS_ACCESS_KEY_ID) and GitHub's tokens:
  // a page holding one would hand the backend, the bucket or the repository to any visitor.
  /\bsbp_[0-9a-f]{40}\b/,
  /\b(AKIA|ASIA)[0-9A-Z]{16}\b/,
  /\bghp_[A-Za-z0-9]{36}\b/,
  /\bgithub_pat_[A-Za-z0-9_]{22,}/,
]
// header.payload.signature, each base64url; a JSON header and payload both begin `eyJ` (`{"`).
const JWT_SHAPE = /\beyJ[A-Za-z0-9_-]+\.(eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*/g

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

/** The role claim of a JWT's payload, 'none' without one, or null when it does not decode. */
function jwtRole(payload: string): string | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    if (typeof claims !== 'object' || claims === null) return null
    const role = (claims as { role?: unknown }).role
    return typeof role === 'string' ? role : 'none'
  } catch {
    return null
  }
}

function findJwtsThatAreNotAnon(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(JWT_SHAPE)) {
    const role = jwtRole(match[1] as string)
    if (role === 'anon') continue
    found.add(
      role === null
        ? 'a JWT-shaped string that does not decode'
        : `a JWT whose role is ${role}, not anon`,
    )
  }
  return [...found]
}

export function findSecrets(text: string, values: string[]): string[] {
  const found = values
    .filter((value) => text.includes(value))
    .map(() => 'a secret from the build environment')
  for (const shape of SECRET_SHAPES) {
    const match = shape.exec(text)
    if (match) found.push(`something shaped like a secret key (${match[0].slice(0, 8)}…)`)
  }
  return [...found, ...findJwtsThatAreNotAnon(text)]
}

/**
 * Scans every file of dist/; `skip` leaves out files already checked (pages rendered by this
 * build, as they were finished). Files are read as latin1, byte for byte, so a key is found in any file type (an
 * SVG, a manifest, a type added later, even ASCII inside a binary) without a list to maintain.
 */
export async function scanForSecrets(
  distDir: string,
  values: string[],
  /** Files already scanned, by their path in `distDir` (`blog/index.html`). */
  skip: (file: string) => boolean = () => false,
): Promise<SecretFinding[]> {
  const entries = await readdir(distDir, { withFileTypes: true, recursive: true })
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !skip(relative(distDir, file).split(sep).join('/')))
  // The same bytes as the files, read the same way, so a value outside ASCII still matches.
  const asRead = values.map((value) => Buffer.from(value, 'utf8').toString('latin1'))
  const findings: SecretFinding[] = []
  await forEachFile(files, async (file) => {
    for (const what of findSecrets(await readFile(file, 'latin1'), asRead)) {
      findings.push({ file: relative(distDir, file), what })
    }
  })
  return findings.sort((a, b) => a.file.localeCompare(b.file))
}
