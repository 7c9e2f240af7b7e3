/**
 * What the entry chunk's route table preloads (docs/decisions/0047-the-route-table-names-only-stylesheets.md).
 *
 * Vite gives every dynamic import a list of the files to preload beside it, and writes the
 * lists of all the imports a chunk makes into that chunk. The entry chunk makes the route
 * table's imports, one per page, so every page's first load carried the names of 55 files,
 * every page's JavaScript and stylesheets (700 B gzip: hashes do not compress). Those imports now
 * name only their stylesheets, which must be in place before the page renders; the browser finds
 * a page's JavaScript from the page's own chunk a moment later. The page a visitor lands on is
 * preloaded by the boot list as before, and the pages linked from it are fetched ahead after
 * load (src/app/prefetch.ts), so only a move to a page not linked from the one before waits one
 * round trip more. Imports made elsewhere (the dashboard's editor and preview) keep their lists,
 * less the files the importing chunk imports statically: those were loaded before its code could
 * run, so naming them preloads nothing (decision 0059).
 */
import type { Plugin } from 'vite'

/**
 * The chunks whose imports name only their stylesheets, as Vite writes chunks
 * (`assets/[name]-[hash].js`):
 * - the entry chunk: vite-react-ssg's client build names its one input `app`
 *   (`input: { app: … }`);
 * - the sign-in page, whose later forms and notices (src/features/auth/LoginPanel.tsx,
 *   `laterForms`) are all fetched right after hydration anyway: their 23 file names were 228 B
 *   gzip of a first load held to 48 KB. A form's own imports then follow it one round trip
 *   later, while the visitor is still reading the page.
 */
const NAMES_ONLY_STYLESHEETS = [/^assets\/app-[\w-]+\.js$/, /^assets\/LoginPage-[\w-]+\.js$/]

/** Each client chunk's static imports, by file name, as the bundle being written has them. */
const staticImports = new Map<string, readonly string[]>()

/** Records the chunks' static imports before Vite writes the preload lists (`routePreloads`). */
export function recordStaticImports(
  bundle: Record<string, { type: string; fileName: string; imports?: readonly string[] }>,
): void {
  staticImports.clear()
  for (const chunk of Object.values(bundle))
    if (chunk.type === 'chunk') staticImports.set(chunk.fileName, chunk.imports ?? [])
}

/** Vite writes the preload lists in its own `generateBundle`; this records the imports first. */
export function staticImportsPlugin(): Plugin {
  return {
    name: 'folio:static-imports',
    generateBundle: { order: 'pre', handler: (_options, bundle) => recordStaticImports(bundle) },
  }
}

/** The chunks `host` imports statically, directly or through others. */
function loadedBefore(host: string): Set<string> {
  const loaded = new Set<string>()
  const visit = (file: string) => {
    for (const imported of staticImports.get(file) ?? [])
      if (!loaded.has(imported)) {
        loaded.add(imported)
        visit(imported)
      }
  }
  visit(host)
  return loaded
}

/** `build.modulePreload.resolveDependencies`: the files preloaded beside one dynamic import. */
export function routePreloads(
  _file: string,
  deps: string[],
  { hostId }: { hostId: string; hostType: 'html' | 'js' },
): string[] {
  if (NAMES_ONLY_STYLESHEETS.some((host) => host.test(hostId)))
    return deps.filter((dep) => dep.endsWith('.css'))
  const loaded = loadedBefore(hostId)
  return deps.filter((dep) => !loaded.has(dep))
}
