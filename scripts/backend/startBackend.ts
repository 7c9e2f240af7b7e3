import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Mailbox } from './auth/mailbox.ts'
import type { MailMessage } from './auth/mailbox.ts'
import { authRouter } from './auth/router.ts'
import { defaultOptions } from './config.ts'
import type { BackendOptions } from './config.ts'
import { connectedAs } from './db/connectedAs.ts'
import type { Database } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { openDatabase } from './db/openDatabase.ts'
import { updateEnvFile } from './envFile.ts'
import { functionsRouter } from './functions/router.ts'
import { startHttpServer } from './http/server.ts'
import { Keys } from './keys.ts'
import { mailboxRoute } from './mailboxRoute.ts'
import { ChangeFeed } from './realtime/changeFeed.ts'
import { RealtimeServer } from './realtime/realtimeServer.ts'
import { Catalog } from './rest/catalog.ts'
import { restRouter } from './rest/router.ts'
import { diskBlobStore, memoryBlobStore } from './storage/blobStore.ts'
import { storageRouter } from './storage/router.ts'

export interface Backend {
  url: string
  port: number
  anonKey: string
  serviceRoleKey: string
  jwtSecret: string
  db: Database
  mailbox: {
    list(email?: string): MailMessage[]
    latest(email: string): MailMessage | undefined
    /** The first link of the newest message to `email` (confirmation, magic link, recovery). */
    latestLink(email: string): string | undefined
  }
  /** Resolves once every committed change has been pushed to realtime subscribers. */
  realtimeSettled(): Promise<void>
  stop(): Promise<void>
}

/** Starts the whole local Supabase stand-in; used by main.ts and, in-process, by tests. */
export async function startBackend(overrides: Partial<BackendOptions> = {}): Promise<Backend> {
  const options: BackendOptions = { ...defaultOptions(), ...overrides }
  const usesDisk = !options.memory && !options.databaseUrl
  if (options.reset && !options.memory) await rm(options.dataDir, { recursive: true, force: true })

  const db = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: path.join(options.dataDir, 'pgdata'),
    memory: options.memory,
    reset: options.reset,
  })
  const report = await migrate(db, {
    migrationsDir: options.migrationsDir,
    seedFile: options.seedFile,
  })
  for (const file of report.applied) options.log(`applied migration ${file}`)
  if (report.seeded) options.log('applied seed.sql')

  const catalog = new Catalog(db, ['public'])
  await catalog.load()

  let baseUrl = ''
  const keys = new Keys(options.jwtSecret, () => `${baseUrl}/auth/v1`)
  const anonKey = await keys.apiKey('anon')
  const serviceRoleKey = await keys.apiKey('service_role')
  const mailbox = new Mailbox(
    options.mailboxFile ??
      (options.memory ? undefined : path.join(options.dataDir, 'mailbox.jsonl')),
  )

  const realtime = new RealtimeServer({ db, keys, catalog })
  const feed = new ChangeFeed(db, (change) => realtime.deliver(change))

  const http = await startHttpServer(
    [
      {
        prefix: '/auth/v1',
        handler: authRouter({
          // As GoTrue on hosted: the auth tables' owner, with no rights in public.
          db: connectedAs(db, 'supabase_auth_admin'),
          keys,
          mailbox,
          authUrl: () => `${baseUrl}/auth/v1`,
          settings: {
            autoConfirm: options.autoConfirm,
            siteUrl: options.siteUrl,
            additionalRedirectUrls: options.additionalRedirectUrls,
            jwtExpiry: options.jwtExpiry,
            refreshTokenReuseInterval: options.refreshTokenReuseInterval,
            otpExpiry: options.otpExpiry,
          },
        }),
      },
      {
        prefix: '/rest/v1',
        handler: restRouter({ db, keys, catalog, afterWrite: () => feed.poke() }),
      },
      {
        prefix: '/storage/v1',
        handler: storageRouter({
          db,
          keys,
          blobs: usesDisk
            ? diskBlobStore(path.join(options.dataDir, 'storage'))
            : memoryBlobStore(),
        }),
      },
      {
        prefix: '/functions/v1',
        handler: functionsRouter({
          keys,
          functionsDir: options.functionsDir,
          env: () => ({
            SUPABASE_URL: baseUrl,
            SUPABASE_ANON_KEY: anonKey,
            SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
            // Where Stripe sends customers back to. STRIPE_* settings come from process.env
            // (the Deno.env shim falls back to it), as Supabase secrets do in production.
            SITE_URL: options.siteUrl,
          }),
        }),
      },
      { prefix: '/__mailbox', handler: mailboxRoute(mailbox) },
    ],
    options.host,
    options.port,
  )
  realtime.attach(http.server)
  baseUrl = `http://${options.host}:${http.port}`

  if (options.envFile) {
    await updateEnvFile(options.envFile, {
      VITE_SUPABASE_URL: baseUrl,
      VITE_SUPABASE_ANON_KEY: anonKey,
    })
  }

  return {
    url: baseUrl,
    port: http.port,
    anonKey,
    serviceRoleKey,
    jwtSecret: options.jwtSecret,
    db,
    mailbox: {
      list: (email) => mailbox.list(email),
      latest: (email) => mailbox.latest(email),
      latestLink: (email) => mailbox.latest(email)?.links[0],
    },
    realtimeSettled: () => feed.settled(),
    async stop() {
      realtime.close()
      await http.close()
      await feed.settled()
      await mailbox.flush()
      await db.close()
    },
  }
}
