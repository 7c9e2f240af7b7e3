/**
 * A fingerprint of everything a build reads: the source, the build's own code, the content, the
 * dependencies as locked and patched, the `.env` files and the variables the build reads, and
 * the Node version. The same inputs give byte-identical pages (checked by building twice), so
 * the fingerprint is the build id (`buildId.ts`) and the key under which the last build's pages
 * are reused (`pageCache.ts`); without the content, it is the bundles' key (`bundleCache.ts`).
 * One input left out would let a rebuild reuse stale pages or bundles, so whole folders are read
 * rather than the files each pass imports.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

/** Folders of the project the client, the server pass or the page hooks read from. */
export const INPUT_FOLDERS = ['src', 'scripts', 'public', 'patches', 'supabase']
/**
 * What the build itself puts in those folders: the font files fontsPlugin copies from their npm
 * packages (the lock file stands for them). Read, they would make a first build's fingerprint
 * differ from the next one's.
 */
const BUILD_OUTPUTS = new Set([path.join('public', 'fonts')])
/** Single files at the project's root; Vite also reads every `.env*` file there. */
export const INPUT_FILES = [
  'index.html',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
]

/**
 * Variables that only say where a build reads or writes, and the build id, which is made from
 * this fingerprint (an id given in the environment is part of the page cache's key instead).
 */
const NOT_INPUTS = new Set([
  'FOLIO_CACHE_DIR',
  'FOLIO_OUT_DIR',
  'FOLIO_CONTENT_DIR',
  'FOLIO_CONTENT_FILE',
  'FOLIO_BUILD_ID',
])

export interface BuildInputs {
  root: string
  /** The content folder (FOLIO_CONTENT_DIR), which may lie outside the project. */
  contentDir: string
  env: NodeJS.ProcessEnv
}

/** Every file under `dir`, as paths relative to `base`, in a stable order. */
function filesUnder(base: string, dir: string): string[] {
  const entries = readdirSync(path.join(base, dir), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )
  return entries.flatMap((entry) => {
    const relative = path.join(dir, entry.name)
    if (BUILD_OUTPUTS.has(relative)) return []
    if (entry.isDirectory()) return filesUnder(base, relative)
    return entry.isFile() ? [relative] : []
  })
}

/** The variables that change what a build makes: Vite's, Folio's, and the mode's. */
export function buildVariables(env: NodeJS.ProcessEnv): [string, string][] {
  return Object.entries(env)
    .filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        (/^(VITE_|FOLIO_)/.test(entry[0]) || entry[0] === 'NODE_ENV' || entry[0] === 'MODE') &&
        !NOT_INPUTS.has(entry[0]),
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

type AddInput = (label: string, value: string | Buffer) => void

function fingerprint(addInputs: (add: AddInput) => void): string {
  const hash = createHash('sha256')
  addInputs((label, value) => {
    hash.update(`${label}\0${value.length}\0`)
    hash.update(value)
  })
  return hash.digest('hex')
}

/**
 * The fingerprint of everything but the content (the source, the build's code, dependencies,
 * files and variables): what the client and server bundles are made from. Neither holds any of
 * the content, which the page loaders read while prerendering, nor the build id (a page names its
 * build itself), so an edited post leaves them as they were (bundleCache.ts).
 */
export function fingerprintCodeInputs({ root, env }: Omit<BuildInputs, 'contentDir'>): string {
  return fingerprint((add) => {
    add('node', process.version)
    for (const [name, value] of buildVariables(env)) add(`env:${name}`, value)
    const rootFiles = [
      ...INPUT_FILES,
      ...readdirSync(root)
        .filter((name) => name.startsWith('.env'))
        .sort(),
    ]
    for (const file of rootFiles.filter((name) => existsSync(path.join(root, name))))
      add(`file:${file}`, readFileSync(path.join(root, file)))
    for (const folder of INPUT_FOLDERS.filter((name) => existsSync(path.join(root, name))))
      for (const file of filesUnder(root, folder))
        add(`file:${file}`, readFileSync(path.join(root, file)))
  })
}

/**
 * Reads the inputs synchronously: the build id is needed while Vite loads its config. `code` is
 * the code's fingerprint when the caller has it already (buildId.ts keeps it as the bundles' key),
 * so the project's files are read once per build.
 */
export function fingerprintBuildInputs(
  { root, contentDir, env }: BuildInputs,
  code = fingerprintCodeInputs({ root, env }),
): string {
  return fingerprint((add) => {
    add('code', code)
    for (const file of filesUnder(contentDir, '.'))
      add(`content:${file}`, readFileSync(path.join(contentDir, file)))
  })
}
