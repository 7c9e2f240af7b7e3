import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Edge functions read their settings with `Deno.env.get(...)`. Under Node we provide a
 * minimal `Deno.env` whose values come from the backend that is running the function
 * (several backends may share one test process), falling back to process.env.
 */
const current = new AsyncLocalStorage<Record<string, string>>()

interface DenoShim {
  env: { get(name: string): string | undefined; toObject(): Record<string, string | undefined> }
}

export function installDenoShim(): void {
  const global = globalThis as { Deno?: DenoShim }
  if (global.Deno) return // real Deno, or already installed
  global.Deno = {
    env: {
      get: (name) => current.getStore()?.[name] ?? process.env[name],
      toObject: () => ({ ...process.env, ...current.getStore() }),
    },
  }
}

export function runWithEnv<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  return current.run(env, work)
}
