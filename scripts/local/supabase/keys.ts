import { SignJWT, jwtVerify, errors } from 'jose'
import { devApiKeyClaims } from './devKeys.ts'

/** Claims as GoTrue issues them and PostgREST reads them. */
export interface JwtClaims {
  role: string
  sub?: string
  aud?: string
  exp?: number
  iat?: number
  iss?: string
  email?: string
  phone?: string
  aal?: 'aal1' | 'aal2'
  amr?: { method: string; timestamp: number }[]
  session_id?: string
  is_anonymous?: boolean
  app_metadata?: Record<string, unknown>
  user_metadata?: Record<string, unknown>
  [claim: string]: unknown
}

export class JwtError extends Error {
  constructor(
    message: string,
    /** `unclaimed`: signed and unexpired, but with no `role`. */
    readonly reason: 'expired' | 'invalid' | 'unclaimed',
  ) {
    super(message)
  }
}

export class Keys {
  private readonly key: Uint8Array
  constructor(
    secret: string,
    /** GoTrue's `iss`: its public URL, known only once the server listens. */
    private readonly issuerOf: () => string,
  ) {
    this.key = new TextEncoder().encode(secret)
  }

  get issuer(): string {
    return this.issuerOf()
  }

  sign(claims: JwtClaims): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key)
  }

  async verify(token: string): Promise<JwtClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] })
      if (typeof payload.role !== 'string') throw new JwtError('JWT has no role claim', 'unclaimed')
      return payload as JwtClaims
    } catch (error) {
      if (error instanceof JwtError) throw error
      if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', 'expired')
      throw new JwtError('JWT could not be verified', 'invalid')
    }
  }

  /** The long-lived API keys Supabase hands out (`anon`, `service_role`): see devKeys.ts. */
  apiKey(role: 'anon' | 'service_role'): Promise<string> {
    return this.sign(devApiKeyClaims(role))
  }
}
