/**
 * Function settings, read once per request from the function's environment (Supabase secrets
 * in production; the local backend passes its own). A missing one is named in the error, so a
 * misconfigured deploy says what to set instead of failing somewhere inside Stripe's SDK.
 */
declare const Deno: { env: { get(name: string): string | undefined } }

export function optionalEnv(name: string): string | undefined {
  const value = Deno.env.get(name)
  return value === undefined || value === '' ? undefined : value
}

export class MissingEnvError extends Error {
  constructor(readonly variable: string) {
    super(`${variable} is not set: add it to the function's secrets (supabase secrets set).`)
  }
}

export function requireEnv(name: string): string {
  const value = optionalEnv(name)
  if (value === undefined) throw new MissingEnvError(name)
  return value
}

/** The public site's origin, for the URLs Stripe sends customers back to. */
export function siteUrl(): string {
  return requireEnv('SITE_URL').replace(/\/+$/, '')
}
