/**
 * A plain static file server standing in for the CDN: a path is served from its own file
 * (`/about` → `about/index.html`), unknown paths get `404.html` with status 404, and there is
 * deliberately NO single-page-app fallback. Used by `npm run preview` and the end-to-end tests.
 * It serves only what the deploy uploads (scripts/publish/buildFiles.ts): no dot entries
 * (dist/.folio, dist/.vite) and no symlinks.
 */
import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize, relative, resolve, sep } from 'node:path'
import { createGzip } from 'node:zlib'

export const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg'])

export function cacheControlFor(relativePath: string): string {
  // Hashed build assets never change under their name; everything else is revalidated.
  return relativePath.startsWith(`assets${sep}`) || relativePath.startsWith('assets/')
    ? 'public, max-age=31536000, immutable'
    : 'no-cache'
}

export interface StaticServerOptions {
  root: string
  port?: number
  host?: string
  gzip?: boolean
  /** Extra headers on every response (the security headers of docs/security-headers.md). */
  headers?: Record<string, string>
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/**
 * Whether `path` (under `root`) is reached without a symlink. The deploy uploads no symlink,
 * and one left in dist/ (or copied from public/) could point anywhere: ../.env, /etc.
 */
async function isWithoutSymlinks(root: string, path: string): Promise<boolean> {
  try {
    // The root itself may sit behind a symlink (/tmp on macOS); nothing under it may.
    return (await realpath(path)) === join(await realpath(root), relative(root, path))
  } catch {
    return false
  }
}

/** The file a request path maps to, or null. Never escapes the root. */
export async function resolveFile(root: string, pathname: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  // Dot entries are build-tool output (dist/.folio, dist/.vite) that the deploy never uploads.
  if (decoded.split(/[/\\]/).some((segment) => segment.startsWith('.'))) return null
  const target = normalize(join(root, decoded))
  if (target !== root && !target.startsWith(root + sep)) return null
  const candidates = decoded.endsWith('/')
    ? [join(target, 'index.html')]
    : [target, join(target, 'index.html'), `${target}.html`]
  for (const candidate of candidates) {
    if ((await isFile(candidate)) && (await isWithoutSymlinks(root, candidate))) return candidate
  }
  return null
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  status: number,
  options: StaticServerOptions,
  root: string,
) {
  const extension = extname(file)
  const headers: Record<string, string> = {
    'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
    'Cache-Control': cacheControlFor(file.slice(root.length + 1)),
    'X-Content-Type-Options': 'nosniff',
    ...options.headers,
  }
  const gzip =
    options.gzip &&
    COMPRESSIBLE.has(extension) &&
    /\bgzip\b/.test(String(request.headers['accept-encoding']))
  if (gzip) {
    headers['Content-Encoding'] = 'gzip'
    headers.Vary = 'Accept-Encoding'
  }
  response.writeHead(status, headers)
  if (request.method === 'HEAD') return response.end()
  const stream = createReadStream(file)
  ;(gzip ? stream.pipe(createGzip()) : stream).pipe(response)
}

export function createStaticServer(options: StaticServerOptions): Server {
  const root = resolve(options.root)
  return createServer(async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return
    }
    const { pathname } = new URL(request.url ?? '/', 'http://localhost')
    const file = await resolveFile(root, pathname)
    if (file) return send(request, response, file, 200, options, root)
    const notFound = join(root, '404.html')
    if ((await isFile(notFound)) && (await isWithoutSymlinks(root, notFound))) {
      return send(request, response, notFound, 404, options, root)
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
  })
}

export function startStaticServer(
  options: StaticServerOptions,
): Promise<{ server: Server; url: string }> {
  const server = createStaticServer(options)
  return new Promise((resolvePromise) => {
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : options.port
      resolvePromise({ server, url: `http://${options.host ?? '127.0.0.1'}:${port}` })
    })
  })
}
