/**
 * What the README's two commands need from the machine beyond `npm ci`, and how to tell whether
 * it is there. Everything about the machine comes in through `System`, so the unit tests can
 * describe any machine without touching this one.
 */
import path from 'node:path'

export interface System {
  platform: NodeJS.Platform
  /** The effective user id (0 is root); undefined where there is none (Windows). */
  uid: number | undefined
  nodeVersion: string
  env: Record<string, string | undefined>
  fileExists: (file: string) => boolean
  /** Folders directly inside `dir` (empty when it does not exist). */
  listDir: (dir: string) => string[]
  /** True when `command` is found on the PATH. */
  hasCommand: (command: string) => boolean
}

export type Purpose = 'test' | 'start'

export interface Requirement {
  id: 'node' | 'chromium' | 'postgresql'
  /** What it is for, in the words the summary prints. */
  label: string
  /** The Debian package that provides it, when apt can (not when a path was given by hand). */
  aptPackage: (system: System) => string | undefined
  /** Found where, or undefined when missing. */
  find: (system: System) => string | undefined
  /** How to provide it by hand where apt cannot. */
  manual: (system: System) => string
  /** An environment variable that leaves it out on purpose, if one is allowed. */
  optOut?: string
}

export const MINIMUM_NODE = [20, 19] as const
/**
 * What the end-to-end tests launch: Debian's build of Chromium's headless shell, the same engine
 * as its `chromium` without the full browser around it, as Playwright's own headless runs use.
 * On this 2-core machine it did the suite's work in about half the CPU time (docs/decisions/0030).
 */
const DEFAULT_TEST_BROWSER = '/usr/bin/chromium-headless-shell'
/** What the measurements (Lighthouse, the editor bench) launch: the full browser users run. */
const DEFAULT_MEASURING_BROWSER = '/usr/bin/chromium'

type Env = Record<string, string | undefined>

/** The browser the end-to-end tests launch: CHROMIUM_PATH when given, else the headless shell. */
export function testBrowserPath(env: Env): string {
  return env.CHROMIUM_PATH || DEFAULT_TEST_BROWSER
}

/** The browser Lighthouse and the editor bench launch: CHROMIUM_PATH when given, else chromium. */
export function measuringBrowserPath(env: Env): string {
  return env.CHROMIUM_PATH || DEFAULT_MEASURING_BROWSER
}

const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql'

function nodeIsRecentEnough(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number)
  return major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1])
}

const node: Requirement = {
  id: 'node',
  label: `Node ${MINIMUM_NODE.join('.')} or newer`,
  aptPackage: () => undefined,
  find: (system) => (nodeIsRecentEnough(system.nodeVersion) ? system.nodeVersion : undefined),
  manual: (system) =>
    `This is Node ${system.nodeVersion}. Install Node ${MINIMUM_NODE.join('.')} or newer (https://nodejs.org, or nvm).`,
}

/** Playwright launches CHROMIUM_PATH, or Debian's Chromium headless shell. */
const chromium: Requirement = {
  id: 'chromium',
  label: 'Chromium headless shell (end-to-end tests)',
  aptPackage: (system) => (system.env.CHROMIUM_PATH ? undefined : 'chromium-headless-shell'),
  find: (system) => {
    const file = testBrowserPath(system.env)
    return system.fileExists(file) ? file : undefined
  },
  manual: (system) =>
    (system.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH is ${system.env.CHROMIUM_PATH}, and there is no file there.\n`
      : '') +
    'Install Chromium or Google Chrome, then point CHROMIUM_PATH at its executable, e.g.\n' +
    '  export CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"   # macOS\n' +
    '  export CHROMIUM_PATH=/usr/bin/google-chrome-stable                                     # Linux\n' +
    '(`npx playwright install` cannot replace it: browsers are launched from that path.)',
}

/**
 * The folder with PostgreSQL's initdb and pg_ctl for the backend suite's second run:
 * FOLIO_POSTGRES_BIN_DIR, or Debian's /usr/lib/postgresql/<version>/bin with 15 (the version
 * hosted Supabase runs) preferred.
 */
export function findPostgresBinDir(system: System): string | undefined {
  const given = system.env.FOLIO_POSTGRES_BIN_DIR
  if (given) return system.fileExists(path.join(given, 'initdb')) ? given : undefined
  const versions = system.listDir(DEBIAN_POSTGRES_ROOT).sort((a, b) => Number(b) - Number(a))
  const preferred = versions.includes('15') ? ['15', ...versions] : versions
  return preferred
    .map((version) => path.join(DEBIAN_POSTGRES_ROOT, version, 'bin'))
    .find((dir) => system.fileExists(path.join(dir, 'initdb')))
}

const postgresql: Requirement = {
  id: 'postgresql',
  label: 'PostgreSQL 15 (the backend suite runs on PGlite, then again on PostgreSQL)',
  aptPackage: (system) => (system.env.FOLIO_POSTGRES_BIN_DIR ? undefined : 'postgresql-15'),
  find: findPostgresBinDir,
  manual: (system) =>
    (system.env.FOLIO_POSTGRES_BIN_DIR
      ? `FOLIO_POSTGRES_BIN_DIR is ${system.env.FOLIO_POSTGRES_BIN_DIR}, and it holds no initdb.\n`
      : '') +
    'Install PostgreSQL 15 and point FOLIO_POSTGRES_BIN_DIR at the folder holding its initdb and\n' +
    'pg_ctl, e.g. export FOLIO_POSTGRES_BIN_DIR=/opt/homebrew/opt/postgresql@15/bin (macOS).\n' +
    'Or leave the PostgreSQL run out with FOLIO_SKIP_POSTGRES=1 (the PGlite run still covers every test).',
  optOut: 'FOLIO_SKIP_POSTGRES',
}

/** What each README command needs. `npm start` needs nothing beyond Node: keep it that way. */
export function requirementsFor(purpose: Purpose): Requirement[] {
  return purpose === 'test' ? [node, chromium, postgresql] : [node]
}
