import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import type { BrowserAccess } from './browserAccess.ts'
import { factsOf } from './browserAccess.ts'
import { preflight, withCors } from './cors.ts'
import { json } from './respond.ts'

export type Handler = (req: Request) => Promise<Response>

export interface Route {
  /** Path prefix, e.g. `/auth/v1`; the longest matching prefix wins. */
  prefix: string
  handler: Handler
  /** Its handler answers CORS preflights itself (edge functions); otherwise the server does. */
  answersPreflights?: boolean
}

export interface HttpServer {
  server: http.Server
  port: number
  close(): Promise<void>
}

/** The address each request's connection came from (a Web Request has no socket). */
const peerAddresses = new WeakMap<Request, string>()

/** Where `request` came from on the network, as the platform's proxy would see it. */
export function peerAddress(request: Request): string | undefined {
  return peerAddresses.get(request)
}

/** Turns Node's request into a Web Request so every service is a plain fetch handler. */
function toWebRequest(req: http.IncomingMessage, origin: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const request = new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    // Required by undici for streaming request bodies.
    duplex: 'half',
  } as RequestInit)
  if (req.socket.remoteAddress) peerAddresses.set(request, req.socket.remoteAddress)
  return request
}

async function writeWebResponse(
  res: http.ServerResponse,
  response: Response,
  isHead: boolean,
): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  res.writeHead(response.status, headers)
  if (!response.body || isHead) {
    res.end()
    return
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
  await new Promise<void>((resolve, reject) => {
    body.on('error', reject)
    res.on('finish', resolve)
    res.on('close', resolve)
    body.pipe(res)
  })
}

export async function startHttpServer(
  routes: Route[],
  host: string,
  port: number,
  access: BrowserAccess,
): Promise<HttpServer> {
  const ordered = [...routes].sort((a, b) => b.prefix.length - a.prefix.length)
  const server = http.createServer((req, res) => {
    const origin = `http://${req.headers.host ?? `${host}:${port}`}`
    const request = toWebRequest(req, origin)
    void (async () => {
      let response: Response
      try {
        const path = new URL(request.url).pathname
        const route = ordered.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`))
        const refused = access.refusal(factsOf(path, req.headers))
        if (refused) response = json(403, { message: refused })
        else if (request.method === 'OPTIONS' && !route?.answersPreflights)
          response = preflight(request, access)
        else if (!route) response = json(404, { message: 'no Route matched with those values' })
        else response = await route.handler(request)
      } catch (error) {
        // A bug in a handler must not take the whole backend down; say so and carry on. The
        // details go to the terminal only: error text can hold SQL, paths or secrets.
        console.error('[backend] unhandled error', error)
        response = json(500, { message: 'Internal server error' })
      }
      await writeWebResponse(res, withCors(request, response, access), request.method === 'HEAD')
    })().catch((error: unknown) => {
      console.error('[backend] failed to write response', error)
      res.destroy()
    })
  })
  // Keep-alive sockets would otherwise hold close() open for seconds in tests.
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  return {
    server,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
