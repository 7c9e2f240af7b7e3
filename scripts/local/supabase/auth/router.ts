import { gatewayError, identifyCaller } from '../apiCaller.ts'
import { BadJsonError, json, noContent, readJson } from '../http/respond.ts'
import type { Handler } from '../http/server.ts'
import { adminCreateUser, adminDeleteUser, adminGetUser } from './adminRoutes.ts'
import type { AuthContext } from './context.ts'
import { otp, recover, resend, signup, verifyGet, verifyPost } from './emailRoutes.ts'
import { AuthError, authErrorResponse } from './errors.ts'
import { challenge, enroll, unenroll, verify } from './mfaRoutes.ts'
import { RateLimits } from './rateLimits.ts'
import type { LimitedRoute } from './rateLimits.ts'
import { token } from './tokenRoutes.ts'
import { getUser, logout, updateCurrentUser } from './userRoutes.ts'

const PREFIX = '/auth/v1'

/** Paths a browser opens directly from an email, without the apikey header (as Kong allows). */
const OPEN_PATHS = new Set(['/verify', '/health', '/settings'])

/** GoTrue-compatible /auth/v1. */
export function authRouter(context: AuthContext): Handler {
  const ctx: AuthContext = {
    ...context,
    limits: context.limits ?? new RateLimits(context.settings.rateLimit),
    acceptedTotpSteps: context.acceptedTotpSteps ?? new Map(),
  }
  return async (req) => {
    const path = new URL(req.url).pathname.slice(PREFIX.length) || '/'
    try {
      const open = OPEN_PATHS.has(path) && req.method === 'GET'
      if (!open) {
        const caller = await identifyCaller(req, ctx.keys)
        const refusal = caller.ok ? undefined : gatewayError(caller)
        if (refusal) return json(401, refusal)
        if (path.startsWith('/admin/') && !(caller.ok && caller.claims.role === 'service_role')) {
          throw new AuthError(403, 'not_admin', 'User not allowed')
        }
      }
      spendBudget(ctx.limits!, req, path)
      return await route(ctx, req, path)
    } catch (error) {
      if (error instanceof AuthError) return authErrorResponse(error, path)
      if (error instanceof BadJsonError)
        return authErrorResponse(
          new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
          path,
        )
      throw error
    }
  }
}

/** The routes GoTrue rate-limits per client (supabase/auth internal/api/api.go, token.go). */
function spendBudget(limits: RateLimits, req: Request, path: string): void {
  const route = limitedRoute(req.method, path)
  if (route) limits.spend(route, rateLimitKey(req))
}

/**
 * Whom a request's budget belongs to: the first value of X-Forwarded-For, trimmed, as GoTrue
 * reads its rate-limit header (internal/api/middleware.go performRateLimitingWithHeader);
 * without one, the machine itself.
 */
function rateLimitKey(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'local'
}

function limitedRoute(method: string, path: string): LimitedRoute | undefined {
  if (path === '/verify' && (method === 'GET' || method === 'POST')) return 'verify'
  if (method === 'PUT' && path === '/user') return 'updateUser'
  if (method !== 'POST') return undefined
  if (path === '/token') return 'token'
  if (path === '/signup') return 'signup'
  if (path === '/otp') return 'otp'
  if (path === '/recover') return 'recover'
  if (path === '/resend') return 'resend'
  if (/^\/factors\/[^/]+\/verify$/.test(path)) return 'mfaVerify'
  if (/^\/factors\/[^/]+\/challenge$/.test(path)) return 'mfaChallenge'
  return undefined
}

async function route(ctx: AuthContext, req: Request, path: string): Promise<Response> {
  const method = req.method
  const factor = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(path)
  const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path)

  if (method === 'POST' && path === '/signup')
    return json(200, await signup(ctx, req, await readJson(req)))
  if (method === 'POST' && path === '/token')
    return json(200, await token(ctx, req, await readJson(req)))
  if (method === 'GET' && path === '/user') return json(200, await getUser(ctx, req))
  if (method === 'PUT' && path === '/user')
    return json(200, await updateCurrentUser(ctx, req, await readJson(req)))
  if (method === 'POST' && path === '/logout') {
    await logout(ctx, req)
    return noContent()
  }
  if (method === 'POST' && path === '/otp')
    return json(200, await otp(ctx, req, await readJson(req)))
  if (method === 'POST' && path === '/recover')
    return json(200, await recover(ctx, req, await readJson(req)))
  if (method === 'POST' && path === '/resend')
    return json(200, await resend(ctx, req, await readJson(req)))
  if (method === 'POST' && path === '/verify')
    return json(200, await verifyPost(ctx, req, await readJson(req)))
  if (method === 'GET' && path === '/verify') return verifyGet(ctx, req)
  if (method === 'POST' && path === '/factors')
    return json(200, await enroll(ctx, req, await readJson(req)))
  if (factor?.[1]) {
    const [, id, action] = factor
    if (method === 'POST' && action === 'challenge') return json(200, await challenge(ctx, req, id))
    if (method === 'POST' && action === 'verify')
      return json(200, await verify(ctx, req, id, await readJson(req)))
    if (method === 'DELETE' && !action) return json(200, await unenroll(ctx, req, id))
  }
  if (method === 'POST' && path === '/admin/users')
    return json(200, await adminCreateUser(ctx, await readJson(req)))
  if (adminUser?.[1] && method === 'GET') return json(200, await adminGetUser(ctx, adminUser[1]))
  if (adminUser?.[1] && method === 'DELETE')
    return json(200, await adminDeleteUser(ctx, adminUser[1]))
  if (method === 'GET' && path === '/settings') return json(200, settings(ctx))
  if (method === 'GET' && path === '/health') {
    return json(200, {
      version: 'folio-local',
      name: 'GoTrue',
      description: 'Folio local stand-in for GoTrue',
    })
  }
  throw new AuthError(404, 'not_found', `No route for ${method} ${PREFIX}${path}`)
}

function settings(ctx: AuthContext) {
  return {
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: ctx.settings.autoConfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }
}
