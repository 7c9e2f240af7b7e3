import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheControlOf, phaseOf, readBuild } from '../../../scripts/publish/buildFiles.ts'
import { parseDeployFlags, readStorageTarget } from '../../../scripts/publish/config.ts'
import { siteFiles, writeSite } from './fixtureBuild.ts'

const COMPLETE_ENV = {
  FOLIO_S3_BUCKET: 'folio-site',
  FOLIO_S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
  FOLIO_S3_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'secret',
}

let workDir: string
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'folio-deploy-settings-'))
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

describe('deploy environment', () => {
  it('names every missing variable in one message', () => {
    expect(() => readStorageTarget({ FOLIO_S3_REGION: 'auto', AWS_ACCESS_KEY_ID: ' ' })).toThrow(
      /FOLIO_S3_BUCKET: .*\n {2}FOLIO_S3_ENDPOINT: .*\n {2}AWS_ACCESS_KEY_ID: .*\n {2}AWS_SECRET_ACCESS_KEY: /,
    )
    expect(() => readStorageTarget({ ...COMPLETE_ENV, FOLIO_S3_BUCKET: '' })).toThrow(
      'this environment variable is not set:\n  FOLIO_S3_BUCKET',
    )
  })

  it('refuses an endpoint that is not a URL and normalises the prefix', () => {
    expect(() =>
      readStorageTarget({ ...COMPLETE_ENV, FOLIO_S3_ENDPOINT: 's3.amazonaws.com' }),
    ).toThrow('FOLIO_S3_ENDPOINT must be an http(s) URL')
    expect(readStorageTarget(COMPLETE_ENV)).toMatchObject({ prefix: '', forcePathStyle: false })
    expect(readStorageTarget({ ...COMPLETE_ENV, FOLIO_S3_PREFIX: '/site//' }).prefix).toBe('site/')
  })

  it('reads flags and rejects unknown ones and bad numbers', () => {
    expect(parseDeployFlags(['--dry-run', '--grace-days=2.5', '--dist', 'out'], {})).toMatchObject({
      dryRun: true,
      graceDays: 2.5,
      distDir: 'out',
      concurrency: 8,
    })
    expect(parseDeployFlags([], { FOLIO_DEPLOY_GRACE_DAYS: '3' }).graceDays).toBe(3)
    expect(() => parseDeployFlags(['--grace-days', '-1'], {})).toThrow(
      '--grace-days must be a number',
    )
    expect(() => parseDeployFlags(['--publish'], {})).toThrow('Unknown option "--publish"')
  })

  it('exits non-zero naming the missing variables when run as a command', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, FOLIO_S3_REGION: 'auto' }
    for (const name of [
      'FOLIO_S3_BUCKET',
      'FOLIO_S3_ENDPOINT',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
    ])
      delete env[name]
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/publish/main.ts', '--dry-run'],
      { env },
    )
    const failure = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toContain('Cannot deploy: these environment variables are not set:')
    for (const name of [
      'FOLIO_S3_BUCKET',
      'FOLIO_S3_ENDPOINT',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
    ])
      expect(failure?.stderr).toContain(`  ${name}: `)
    expect(failure?.stderr).not.toContain('FOLIO_S3_REGION:')
  })
})

describe('build files', () => {
  it('lets only content-hashed files under assets/ be cached forever', () => {
    expect(cacheControlOf('assets/ahk2-_6rzW9BS.js')).toBe('public, max-age=31536000, immutable')
    expect(cacheControlOf('assets/index-Dp_Tq2ny.css')).toBe('public, max-age=31536000, immutable')
    expect(cacheControlOf('fonts/inter-latin-wght-normal.woff2')).toBe('no-cache')
    expect(cacheControlOf('assets/logo.svg')).toBe('no-cache')
    expect(cacheControlOf('static-loader-data/about.bo0pufy7so.json')).toBe('no-cache')
  })

  it('puts every path in its upload phase', () => {
    expect(phaseOf('fonts/inter.woff2')).toBe('assets')
    expect(phaseOf('static-loader-data/blog/post.bo0pufy7so.json')).toBe('payloads')
    expect(phaseOf('static-loader-data-manifest-bo0pufy7so.json')).toBe('payloads')
    expect(phaseOf('blog/post/index.html')).toBe('pages')
    expect(phaseOf('rss.xml')).toBe('pages')
    expect(phaseOf('builds/meta/abc.json')).toBe('build-meta')
    expect(phaseOf('builds/latest.json')).toBe('latest')
  })

  it('refuses a build without latest.json, without its metadata, or with an unknown file type', async () => {
    const complete = siteFiles('b1', 'v1')
    const without = (path: string) =>
      Object.fromEntries(Object.entries(complete).filter(([key]) => key !== path))
    await expect(
      readBuild(await writeSite(join(workDir, 'no-latest'), without('builds/latest.json'))),
    ).rejects.toThrow('The build has no builds/latest.json. Run `npm run build` first.')
    await expect(
      readBuild(await writeSite(join(workDir, 'no-meta'), without('builds/meta/b1.json'))),
    ).rejects.toThrow('builds/latest.json names build b1, but builds/meta/b1.json is missing')
    await expect(
      readBuild(
        await writeSite(join(workDir, 'odd'), { ...complete, 'assets/app-abcdefgh.js.map': '{}' }),
      ),
    ).rejects.toThrow('No Content-Type is known for assets/app-abcdefgh.js.map')
    await expect(readBuild(join(workDir, 'missing'))).rejects.toThrow('Run `npm run build` first.')
  })
})
