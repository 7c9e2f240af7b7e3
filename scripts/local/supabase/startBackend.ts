import { rm } from 'node:fs/promises'
import path from 'node:path'
import { BreachCorpus } from './auth/breachedPasswords.ts'
import { Mailbox } from './auth/mailbox.ts'
import type { MailMessage } from './auth/mailbox.ts'
import { authRouter } from './auth/router.ts'
import { breachesRoute } from './breachesRoute.ts'
import { allowedOriginsFor, defaultOptions } from './config.ts'
import { LOCAL_JWT_SECRET } from './devKeys.ts'
import type { BackendOptions } from './config.ts'
import { connectedAs } from './db/connectedAs.ts'
import type { Database } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { openDatabase } from './db/openDatabase.ts'
import { updateEnvFile } from './envFile.ts'
import { functionsRouter } from './functions/router.ts'
import { BrowserAccess, factsOf } from './http/browserAccess.ts'
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
  const defaults = defaultOptions(overrides.configFile)
  const options: BackendOptions = {
    ...defaults,
    // A test that moves the site moves the origins allowed to call the backend with it.
    allowedOrigins: allowedOriginsFor(overrides.siteUrl ?? defaults.siteUrl),
    ...overrides,
  }
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(options.host)
  if (!loopback && options.jwtSecret === LOCAL_JWT_SECRET) {
    // The development secret is in the repository: anyone who can reach the port could mint
    // service-role tokens. Only loopback may use it.
    throw new Error(
      `Refusing to listen on ${options.host} with the public development JWT secret: set FOLIO_JWT_SECRET to a secret of at least 32 characters, or keep the default host 127.0.0.1.`,
    )
  }
  const access = new BrowserAccess({
    allowedOrigins: options.allowedOrigins,
    host: options.host,
    privatePrefixes: ['/__mailbox', '/__breaches', '/auth/v1/admin'],
  })
  const usesDisk = !options.memory && !options.databaseUrl
  if (options.reset && !options.memory) await rm(options.dataDir, { recursive: true, force: true })

  const db = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: path.join(options.dataDir, 'pgdata'),
    memory: options.memory,
    emptyCluster: options.emptyCluster,
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

  const breaches = new BreachCorpus()

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
            emailMaxFrequency: options.hosted.auth.email.maxFrequency,
            doubleConfirmChanges: options.hosted.auth.email.doubleConfirmChanges,
            enableSignup: options.hosted.auth.enableSignup,
            emailProvider: options.hosted.auth.email.enableSignup,
            password: {
              minimumLength: options.hosted.auth.minimumPasswordLength,
              requirements: options.hosted.auth.passwordRequirements,
              refuseBreached: options.hosted.auth.passwordHibpEnabled,
              breaches,
            },
            mfa: options.hosted.auth.mfa,
            rateLimit: options.hosted.auth.rateLimit,
            email: {
              smtpEnabled: options.hosted.auth.email.smtpEnabled,
              templates: options.hosted.auth.email.templates,
              notifications: options.hosted.auth.email.notifications,
              siteUrl: options.siteUrl,
            },
          },
        }),
      },
      {
        prefix: '/rest/v1',
        handler: restRouter({
          db,
          keys,
          catalog,
          afterWrite: () => feed.poke(),
          maxRows: options.hosted.api.maxRows,
        }),
      },
      {
        prefix: '/storage/v1',
        handler: storageRouter({
          db,
          keys,
          blobs: usesDisk
            ? diskBlobStore(path.join(options.dataDir, 'storage'))
            : memoryBlobStore(),
          limits: options.hosted.storage,
        }),
      },
      {
        prefix: '/functions/v1',
        answersPreflights: true,
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
      { prefix: '/__breaches', handler: breachesRoute(breaches) },
    ],
    options.host,
    options.port,
    access,
  )
  realtime.attach(http.server, (req) => !access.refusal(factsOf(req.url ?? '/', req.headers)))
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
