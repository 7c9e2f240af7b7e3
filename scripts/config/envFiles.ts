/**
 * The one reader of dotenv files for the build and the scripts, on Node's own parser
 * (util.parseEnv). The build's layering is Vite's: `.env`, `.env.local`, `.env.<mode>`,
 * `.env.<mode>.local`, each over the one before, and the process environment over all of them
 * (tests/unit/config/envFiles.test.ts holds it equal to Vite's loadEnv).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'

/** The variables a dotenv file sets; none when the file does not exist. */
export function readEnvFile(file: string): Record<string, string> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    throw error
  }
  return parseEnv(text) as Record<string, string>
}

/** Every variable the dotenv files of a build in `mode` set, each file over the one before. */
export function readBuildEnvFiles(
  mode: string,
  root: string = process.cwd(),
): Record<string, string> {
  const files = ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`]
  return Object.assign({}, ...files.map((file) => readEnvFile(path.join(root, file))))
}

/** The `VITE_*` variables a build in `mode` sees, as Vite layers them. */
export function loadBuildEnv(
  mode: string,
  root: string = process.cwd(),
  processEnv: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const layer of [readBuildEnvFiles(mode, root), processEnv])
    for (const [name, value] of Object.entries(layer))
      if (name.startsWith('VITE_') && value !== undefined) env[name] = value
  return env
}
