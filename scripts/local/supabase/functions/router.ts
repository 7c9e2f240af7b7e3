import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { identifyCaller } from '../apiCaller.ts'
import { leftToTheFunction } from '../http/cors.ts'
import { json } from '../http/respond.ts'
import { peerAddress, type Handler } from '../http/server.ts'
import type { Keys } from '../keys.ts'
import { installDenoShim, runWithEnv } from './denoEnv.ts'

export interface FunctionsContext {
  keys: Keys
  functionsDir: string
  /** SUPABASE_URL, keys and anything else the functions read through Deno.env. */
  env: () => Record<string, string>
}

type EdgeHandler = (req: Request) => Promise<Response>

const PREFIX = '/functions/v1'
const NAME = /^[a-z0-9][a-z0-9_-]*$/i

/**
 * Functions listed with `verify_jwt = false` in supabase/config.toml (the Stripe webhook:
 * Stripe cannot send a Supabase JWT) skip the JWT check, exactly as on the platform.
 */
async function jwtOptional(functionsDir: string, name: string): Promise<boolean> {
  const config = await readFile(path.join(functionsDir, '..', 'config.toml'), 'utf8').catch(
    () => '',
  )
  const section = new RegExp(`\\[functions\\.${name}\\]([^\\[]*)`).exec(config)
  return section ? /verify_jwt\s*=\s*false/.test(section[1] ?? '') : false
}

async function loadHandler(functionsDir: string, name: string): Promise<EdgeHandler | undefined> {
  const file = path.join(functionsDir, name, 'handler.ts')
  if (!existsSync(file)) return undefined
  const module = (await import(pathToFileURL(file).href)) as {
    default?: unknown
    handler?: unknown
  }
  const handler = module.handler ?? module.default
  return typeof handler === 'function' ? (handler as EdgeHandler) : undefined
}

/**
 * Hosted Supabase's gateway appends the address of the connection it accepted to
 * X-Forwarded-For before the request reaches a function; whatever the client sent stays to the
 * left of it (see supabase/functions/_shared/clientAddress.ts for the sources). We do the same,
 * so functions that rate-limit by network see here what they see in production.
 */
function appendForwardedFor(req: Request): void {
  const peer = peerAddress(req)
  if (!peer) return
  const sent = req.headers.get('x-forwarded-for')
  req.headers.set('x-forwarded-for', sent ? `${sent}, ${peer}` : peer)
}

/** /functions/v1/<name>: runs supabase/functions/<name>/handler.ts in-process. */
export function functionsRouter(ctx: FunctionsContext): Handler {
  installDenoShim()
  return async (req) => {
    const url = new URL(req.url)
    const [name = ''] = url.pathname.slice(PREFIX.length + 1).split('/')
    if (!NAME.test(name))
      return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
    const handler = await loadHandler(ctx.functionsDir, name)
    if (!handler)
      return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
    // The platform checks the JWT of every request but a preflight, which a browser sends with no
    // Authorization: the OPTIONS goes to the function, whose answer is the preflight's (supabase/cli
    // internal/functions/serve/templates/main.ts, `req.method !== "OPTIONS" && verifyJWT`, v2.x;
    // Supabase's Functions guide, "CORS": functions handle it themselves). Answering it here, with
    // whatever headers were asked for, would let a function that forgets CORS pass every local
    // browser test and fail in production.
    if (req.method !== 'OPTIONS' && !(await jwtOptional(ctx.functionsDir, name))) {
      const caller = await identifyCaller(req, ctx.keys)
      if (!caller.ok) return json(401, { code: 401, message: 'Invalid JWT' })
    }
    appendForwardedFor(req)
    try {
      return leftToTheFunction(await runWithEnv(ctx.env(), () => handler(req)))
    } catch (error) {
      // An edge function that throws becomes a 500; the error itself goes to the log only (as
      // on the platform, where it lands in the function's logs), never to the caller.
      console.error(`[functions] ${name} threw`, error)
      return json(500, {
        error: 'Function failed',
        message: 'The function failed. See the backend log.',
      })
    }
  }
}
