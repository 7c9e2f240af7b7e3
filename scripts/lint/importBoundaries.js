/**
 * The repository's import boundaries as one ESLint rule (`folio/import-boundaries`, enabled in
 * eslint.config.js), so a wrong arrow fails `npm run lint`:
 * - a feature uses another feature only through a public entry (`src/features/<name>/index.ts`,
 *   or a narrower entry listed below, each of which says in its own header why it exists);
 * - pages compose features through the same entries;
 * - the router shell (`src/app`) and the shared code (`src/lib`, `src/components`) import no
 *   feature;
 * - edge functions (`supabase/functions`) import nothing from `src`: they are deployed alone;
 * - the local stand-ins (`scripts/local/<name>`) are used through their `index.ts`, and the
 *   build (`scripts/build`, `scripts/vite`, `scripts/content`, `vite.config.ts`) uses only
 *   `scripts/local/supabase/devKeys.ts`.
 * Relative imports are resolved against the importing file, so `../auth/session` from a
 * billing file and `../../features/auth/session` from a page are the same arrow.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Each feature's public entries, without extension. Narrow entries exist because a bundler
 * gives every importer of a module everything it re-exports, and pages have JavaScript budgets.
 */
export const FEATURE_ENTRIES = {
  auth: ['index', 'account', 'shell', 'LoginPanel', 'ConfirmPanel'],
  billing: ['index', 'account', 'checkout', 'checkoutQuery'],
  content: ['index', 'pipeline', 'server'],
  marketing: ['index', 'tour'],
  workspace: ['index', 'account', 'drafts'],
}

/** What the rest of the repository may import of each local stand-in. */
const STAND_IN_ENTRIES = ['index', 'devKeys']
/** Only the stand-in's own unit tests reach past its entry. */
const STAND_IN_TESTS = { supabase: 'tests/backend/standIn/', stripe: 'tests/unit/stripe/' }
const BUILD_CODE = ['scripts/build/', 'scripts/vite/', 'scripts/content/', 'vite.config.ts']

const withoutExtension = (file) => file.replace(/\.(tsx?|jsx?|mjs)$/, '')

/** `src/features/auth/session.ts` → { feature: 'auth', module: 'session' }. */
function featureOf(file) {
  const match = /^src\/features\/([^/]+)(?:\/(.*))?$/.exec(file)
  if (!match) return null
  return { feature: match[1], module: withoutExtension(match[2] ?? 'index') }
}

/** `scripts/local/supabase/db/migrate.ts` → { standIn: 'supabase', module: 'db/migrate' }. */
function standInOf(file) {
  const match = /^scripts\/local\/([^/]+)(?:\/(.*))?$/.exec(file)
  if (!match) return null
  return { standIn: match[1], module: withoutExtension(match[2] ?? 'index') }
}

/**
 * Why `from` (a repository path) must not import `to`, or null when it may. Exported for the
 * rule's unit test.
 */
export function boundaryViolation(from, to) {
  const source = featureOf(from)
  const target = featureOf(to)
  // Within src/ only: the build's content steps and the tests may use a feature's modules.
  // Stylesheets are imported once, by src/main.tsx.
  if (
    target &&
    from.startsWith('src/') &&
    source?.feature !== target.feature &&
    !to.endsWith('.css')
  ) {
    if (/^src\/(app|lib|components)\//.test(from))
      return `${from.split('/').slice(0, 2).join('/')} imports no feature: move what it needs out of src/features/${target.feature}, or pass it in from a page.`
    const entries = FEATURE_ENTRIES[target.feature] ?? ['index']
    if (!entries.includes(target.module))
      return `Use src/features/${target.feature} through its public entry (${entries.map((entry) => `${entry}.ts`).join(', ')}), not ${target.module}.`
  }
  if (from.startsWith('supabase/functions/') && to.startsWith('src/'))
    return 'Edge functions are deployed on their own and import nothing from src/: move what both need into supabase/functions/_shared.'
  const standIn = standInOf(to)
  if (standIn && standInOf(from)?.standIn !== standIn.standIn) {
    if (
      BUILD_CODE.some((prefix) => from.startsWith(prefix)) &&
      withoutExtension(to) !== 'scripts/local/supabase/devKeys'
    )
      return 'The build imports nothing of the local stand-ins but scripts/local/supabase/devKeys.ts.'
    const ownTests = STAND_IN_TESTS[standIn.standIn]
    if (!STAND_IN_ENTRIES.includes(standIn.module) && !(ownTests && from.startsWith(ownTests)))
      return `Use the local ${standIn.standIn} stand-in through scripts/local/${standIn.standIn}/index.ts, not ${standIn.module}.`
  }
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports cross feature and service boundaries only through entries.' },
    schema: [],
  },
  create(context) {
    const from = path.relative(repoRoot, context.filename).split(path.sep).join('/')
    function check(node, specifier) {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return
      const resolved = path.resolve(path.dirname(context.filename), specifier)
      const to = path.relative(repoRoot, resolved).split(path.sep).join('/')
      const message = boundaryViolation(from, to)
      if (message) context.report({ node, message })
    }
    const fromSource = (node) => node.source && check(node.source, node.source.value)
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    }
  },
}

export default { rules: { 'import-boundaries': importBoundaries } }
