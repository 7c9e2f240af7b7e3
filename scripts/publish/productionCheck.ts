/**
 * Refuses to publish a build made for local development. The committed `.env` points the site
 * at the local backend and the Stripe stand-in, and `npm test` builds with it, so a deploy
 * that forgets the production rebuild would ship a site talking to 127.0.0.1.
 */
import { readFile } from 'node:fs/promises'
import { readEnvFile } from '../config/envFiles.ts'
import type { Build } from './buildFiles.ts'
import { BuildError } from './buildFiles.ts'

/** The `VITE_*` values of a dotenv file (the development defaults), or none without the file. */
export async function readDevelopmentValues(envFile: string): Promise<Map<string, string>> {
  const values = new Map<string, string>()
  for (const [name, value] of Object.entries(readEnvFile(envFile))) {
    // Short values ('true', '1') would match by accident; URLs and keys are long.
    if (name.startsWith('VITE_') && value.length >= 12) values.set(name, value)
  }
  return values
}

/** Throws when a script of the build contains one of the development values. */
export async function assertNotDevelopmentBuild(
  build: Build,
  developmentValues: ReadonlyMap<string, string>,
): Promise<void> {
  if (developmentValues.size === 0) return
  for (const file of build.files) {
    if (!file.path.endsWith('.js')) continue
    const text = await readFile(file.absolutePath, 'utf8')
    for (const [name, value] of developmentValues) {
      if (!text.includes(value)) continue
      throw new BuildError(
        `This build is for local development: ${file.path} contains ${name} from .env (${value.slice(0, 40)}). ` +
          'Rebuild with the production VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY and VITE_STRIPE_PUBLISHABLE_KEY in the environment, then deploy.',
      )
    }
  }
}
