/**
 * A small synthetic dist/ shaped like `npm run build` output: hashed chunks under assets/,
 * unhashed fonts and favicon from public/, nested index.html pages, payloads named with the
 * build hash, and builds/latest.json + builds/meta/{id}.json. Two builds share what did not change.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import {
  buildHeaderSet,
  headerFiles,
  inlineScriptHashes,
} from '../../../scripts/build/securityHeaders.ts'

export type SiteFiles = Record<string, string | Buffer>

const FONT = Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 3, 4, 5, 6, 7])

/** `version` changes the app chunk, the pages that load it and the payload names. */
export function siteFiles(id: string, version: string): SiteFiles {
  const app = `assets/app-${version.padEnd(8, 'x')}.js`
  const page = (title: string) =>
    `<!doctype html><title>${title}</title><script>document.title += ''</script><link rel="stylesheet" href="/assets/style-St1le_99.css"><script type="module" src="/${app}"></script>`
  const headers = buildHeaderSet({ scriptHashes: inlineScriptHashes(page('any')) })
  return {
    // The security headers the build emits for these pages (scripts/build/securityHeaders.ts).
    ...headerFiles(headers),
    [app]: `console.log('app ${version}')`,
    'assets/vendor-Vd0r_123.js': 'export const vendor = 1',
    'assets/style-St1le_99.css': 'body{margin:0}',
    'fonts/inter-latin-wght-normal.woff2': FONT,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'robots.txt': 'User-agent: *\nAllow: /\n',
    'sitemap.xml': '<?xml version="1.0"?><urlset/>',
    'index.html': page('Folio'),
    'about/index.html': page('About'),
    '404.html': '<!doctype html><title>Not found</title>',
    [`static-loader-data/about.${version}.json`]: `{"about":"${version}"}`,
    [`static-loader-data-manifest-${version}.json`]: `{"/about":"about.${version}.json"}`,
    'builds/latest.json': JSON.stringify({ id, timestamp: 1_800_000_000_000 }),
    [`builds/meta/${id}.json`]: JSON.stringify({ id, routes: ['/', '/about'] }),
    // Vite's own manifests: build-tool output that must never be published.
    '.vite/manifest.json': '{}',
  }
}

export async function writeSite(dir: string, files: SiteFiles): Promise<string> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), content)
  }
  return dir
}

/** Paths of `files` that a deploy must store (everything but dot entries). */
export function publishedPaths(files: SiteFiles): string[] {
  return Object.keys(files)
    .filter((path) => !path.startsWith('.'))
    .sort()
}
