import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runDeployCommand } from '../../../scripts/publish/cli.ts'
import { readDevelopmentValues } from '../../../scripts/publish/productionCheck.ts'
import { publishedPaths, siteFiles, writeSite, type SiteFiles } from './fixtureBuild.ts'
import { LocalS3 } from './localS3.ts'

const DAY = 24 * 60 * 60 * 1000
const START = Date.parse('2026-03-01T12:00:00Z')
const STATE = '.folio-deploy/state.json'

let s3: LocalS3
let workDir: string
let siteCount = 0

beforeAll(async () => {
  s3 = await LocalS3.start()
  workDir = await mkdtemp(join(tmpdir(), 'folio-deploy-'))
})

afterAll(async () => {
  await s3?.stop()
  await rm(workDir, { recursive: true, force: true })
})

async function site(files: SiteFiles): Promise<string> {
  return writeSite(join(workDir, `dist-${++siteCount}`), files)
}

interface Run {
  code: number
  out: string
  err: string
}

async function deploy(
  bucket: string,
  dist: string,
  { flags = [] as string[], at = START, env = {} as Record<string, string> } = {},
): Promise<Run> {
  const out: string[] = []
  const err: string[] = []
  const code = await runDeployCommand(['--dist', dist, ...flags], s3.env(bucket, env), {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    now: () => new Date(at),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const buildA = siteFiles('build-a', 'aaaa')
const buildB = siteFiles('build-b', 'bbbb')
const changedInB = publishedPaths(buildB).filter(
  (path) => buildA[path]?.toString() !== buildB[path]?.toString(),
)
const onlyInA = publishedPaths(buildA).filter((path) => !(path in buildB))

describe('npm run deploy against a local S3 server', () => {
  it('stores every build file with its Content-Type and Cache-Control, and no dot files', async () => {
    const bucket = await s3.createBucket()
    const run = await deploy(bucket, await site(buildA))
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    expect((await s3.keys(bucket)).filter((key) => key !== STATE)).toEqual(publishedPaths(buildA))

    const immutable = 'public, max-age=31536000, immutable'
    const expected: Record<string, [string, string]> = {
      'assets/app-aaaaxxxx.js': ['text/javascript; charset=utf-8', immutable],
      'assets/style-St1le_99.css': ['text/css; charset=utf-8', immutable],
      // public/ files keep their names across builds, so they are revalidated, never immutable.
      'fonts/inter-latin-wght-normal.woff2': ['font/woff2', 'no-cache'],
      'favicon.svg': ['image/svg+xml', 'no-cache'],
      'index.html': ['text/html; charset=utf-8', 'no-cache'],
      'about/index.html': ['text/html; charset=utf-8', 'no-cache'],
      '404.html': ['text/html; charset=utf-8', 'no-cache'],
      'sitemap.xml': ['application/xml; charset=utf-8', 'no-cache'],
      'robots.txt': ['text/plain; charset=utf-8', 'no-cache'],
      'static-loader-data/about.aaaa.json': ['application/json; charset=utf-8', 'no-cache'],
      'static-loader-data-manifest-aaaa.json': ['application/json; charset=utf-8', 'no-cache'],
      'builds/meta/build-a.json': ['application/json; charset=utf-8', 'no-cache'],
      'builds/latest.json': ['application/json; charset=utf-8', 'no-cache'],
    }
    for (const [key, [contentType, cacheControl]] of Object.entries(expected)) {
      expect(await s3.headers(bucket, key), key).toEqual({ contentType, cacheControl })
    }
    expect(await s3.text(bucket, 'builds/latest.json')).toBe(buildA['builds/latest.json'])
  })

  it('uploads assets, then payloads and pages, then the build metadata, and latest.json last', async () => {
    const bucket = await s3.createBucket()
    expect((await deploy(bucket, await site(buildA), { flags: ['--concurrency', '3'] })).code).toBe(
      0,
    )
    const order = s3.uploadsTo(bucket).filter((key) => key !== STATE)
    expect([...order].sort()).toEqual(publishedPaths(buildA))
    const rank = (key: string) =>
      key === 'builds/latest.json'
        ? 4
        : key.startsWith('builds/')
          ? 3
          : /\.(html|xml|txt)$/.test(key) ||
              key === '_headers' ||
              key.startsWith('static-loader-data')
            ? 2
            : 1
    const ranks = order.map(rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(order.at(-1)).toBe('builds/latest.json')
    // Within the documents phase the payloads a page fetches go up before the page itself.
    const lastPayload = Math.max(
      ...order.map((key, i) => (key.startsWith('static-loader') ? i : -1)),
    )
    const firstPage = order.findIndex((key) => key.endsWith('.html'))
    expect(lastPayload).toBeLessThan(firstPage)
  })

  it('uploads only changed files on the next deploy, and nothing when nothing changed', async () => {
    const bucket = await s3.createBucket()
    expect((await deploy(bucket, await site(buildA))).code).toBe(0)
    const before = s3.uploadsTo(bucket).length

    const run = await deploy(bucket, await site(buildB))
    expect(run.code).toBe(0)
    const second = s3
      .uploadsTo(bucket)
      .slice(before)
      .filter((key) => key !== STATE)
    expect(second.sort()).toEqual(changedInB)
    expect(changedInB).toHaveLength(7)
    expect(run.out).toContain('Build build-b is live: 7 uploaded')

    const writes = s3.writesTo(bucket).length
    const again = await deploy(bucket, await site(buildB))
    expect(again.code).toBe(0)
    expect(s3.writesTo(bucket)).toHaveLength(writes)
    expect(again.out).toContain('nothing had changed')
  })

  it('--dry-run prints the plan per phase and writes nothing', async () => {
    const bucket = await s3.createBucket()
    await deploy(bucket, await site(buildA))
    const writes = s3.writesTo(bucket).length

    const run = await deploy(bucket, await site(buildB), { flags: ['--dry-run'] })
    expect(run.code).toBe(0)
    expect(s3.writesTo(bucket)).toHaveLength(writes)
    expect(await s3.text(bucket, 'builds/latest.json')).toBe(buildA['builds/latest.json'])
    expect(run.out).toContain('Live build now: build-a')
    expect(run.out).toMatch(/1\. assets\s+1 to upload \(\d+ B\), 4 unchanged/)
    expect(run.out).toMatch(/2\. payloads\s+2 to upload/)
    expect(run.out).toMatch(/3\. pages\s+2 to upload \(\d+ B\), 4 unchanged/)
    expect(run.out).toMatch(/4\. build metadata\s+1 to upload/)
    expect(run.out).toMatch(/5\. builds\/latest\.json\s+1 to upload/)
    expect(run.out).toContain('assets/app-bbbbxxxx.js')
    expect(run.out).toContain('4 kept within the 7-day grace')
    expect(run.out).toContain('Dry run: nothing was uploaded or deleted.')
  })

  it('keeps the old builds/latest.json and exits non-zero when an upload fails midway', async () => {
    const bucket = await s3.createBucket()
    await deploy(bucket, await site(buildA))
    s3.failUploads(bucket, 'about/index.html')
    const dist = await site(buildB)

    const failed = await deploy(bucket, dist)
    s3.clearFaults()
    expect(failed.code).toBe(1)
    expect(failed.err).toContain('Uploading pages failed')
    expect(failed.err).toContain('about/index.html')
    expect(failed.err).toContain('visitors still get build build-a')
    expect(await s3.text(bucket, 'builds/latest.json')).toBe(buildA['builds/latest.json'])
    const keys = await s3.keys(bucket)
    expect(keys).toContain('assets/app-bbbbxxxx.js')
    expect(keys).not.toContain('builds/meta/build-b.json')

    // Once the storage recovers, a re-run finishes the job without re-sending stored files.
    const before = s3.uploadsTo(bucket).length
    const retry = await deploy(bucket, dist)
    expect(retry.code).toBe(0)
    const resent = s3
      .uploadsTo(bucket)
      .slice(before)
      .filter((key) => key !== STATE)
    expect(resent).toContain('about/index.html')
    expect(resent).not.toContain('assets/app-bbbbxxxx.js')
    expect(await s3.text(bucket, 'builds/latest.json')).toBe(buildB['builds/latest.json'])
  })

  it('survives a transient storage error by retrying the upload', async () => {
    const bucket = await s3.createBucket()
    s3.failUploads(bucket, 'assets/vendor-Vd0r_123.js', 1)
    const run = await deploy(bucket, await site(buildA))
    s3.clearFaults()
    expect(run.code).toBe(0)
    expect(s3.uploadsTo(bucket).filter((key) => key === 'assets/vendor-Vd0r_123.js')).toHaveLength(
      2,
    )
    expect(await s3.keys(bucket)).toContain('assets/vendor-Vd0r_123.js')
  })

  it('keeps files of a replaced build for the grace period, then deletes them, never others', async () => {
    const bucket = await s3.createBucket()
    await s3.putForeign(bucket, 'uploads/logo.png')
    await deploy(bucket, await site(buildA), { at: START })
    // Build A's files were uploaded 30 days before they stop being live: age does not count.
    const replacedAt = START + 30 * DAY
    const distB = await site(buildB)
    expect((await deploy(bucket, distB, { at: replacedAt })).code).toBe(0)
    expect(await s3.keys(bucket)).toEqual(expect.arrayContaining(onlyInA))

    const withinGrace = await deploy(bucket, distB, { at: replacedAt + 7 * DAY - 60_000 })
    expect(withinGrace.out).toContain('4 kept within the 7-day grace')
    expect(await s3.keys(bucket)).toEqual(expect.arrayContaining(onlyInA))

    const afterGrace = await deploy(bucket, distB, { at: replacedAt + 7 * DAY })
    expect(afterGrace.code).toBe(0)
    expect(afterGrace.out).toContain('4 deleted')
    const keys = await s3.keys(bucket)
    for (const key of onlyInA) expect(keys).not.toContain(key)
    expect(keys).toEqual([...publishedPaths(buildB), STATE, 'uploads/logo.png'].sort())
  })

  it('refuses a build that still points at the local development backend', async () => {
    const bucket = await s3.createBucket()
    const localUrl = (await readDevelopmentValues('.env')).get('VITE_SUPABASE_URL')
    expect(localUrl).toMatch(/^http:\/\/127\.0\.0\.1:/)
    const dist = await site({
      ...buildA,
      'assets/client-Cl1ent_0.js': `fetch("${localUrl}/auth/v1")`,
    })

    const run = await deploy(bucket, dist, { flags: ['--dry-run'] })
    expect(run.code).toBe(1)
    expect(run.err).toContain(
      'This build is for local development: assets/client-Cl1ent_0.js contains VITE_SUPABASE_URL from .env',
    )
    expect(s3.writesTo(bucket)).toHaveLength(0)
  })

  it('refuses a build whose pages and security headers disagree', async () => {
    const bucket = await s3.createBucket()
    // A page changed after the build: its new inline script is not in the emitted CSP.
    const dist = await site({
      ...buildA,
      'about/index.html': '<!doctype html><title>About</title><script>edited()</script>',
    })

    const run = await deploy(bucket, dist)
    expect(run.code).toBe(1)
    expect(run.err).toMatch(
      /about\/index\.html has an inline script \(sha256-[^)]+\) the Content-Security-Policy does not allow/,
    )
    expect(s3.writesTo(bucket)).toHaveLength(0)
  })

  it('refuses a build without its security headers', async () => {
    const bucket = await s3.createBucket()
    const withoutHeaders = Object.fromEntries(
      Object.entries(buildA).filter(([path]) => !path.startsWith('.folio/')),
    )
    const run = await deploy(bucket, await site(withoutHeaders))
    expect(run.code).toBe(1)
    expect(run.err).toContain('.folio/headers.json is missing')
    expect(s3.writesTo(bucket)).toHaveLength(0)
  })

  it('honours a shorter grace period from the environment and a key prefix', async () => {
    const bucket = await s3.createBucket()
    const env = { FOLIO_S3_PREFIX: '/www/', FOLIO_DEPLOY_GRACE_DAYS: '0' }
    await deploy(bucket, await site(buildA), { env })
    expect((await deploy(bucket, await site(buildB), { env })).code).toBe(0)
    expect(await s3.keys(bucket)).toEqual(
      [...publishedPaths(buildB), STATE].map((key) => `www/${key}`).sort(),
    )
  })
})
