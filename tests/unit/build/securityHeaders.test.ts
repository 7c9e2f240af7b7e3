import { createHash } from 'node:crypto'
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CLOUDFRONT_POLICY,
  HEADERS_JSON,
  PAGES_HEADERS,
  headerDisagreements,
  inlineScriptHashes,
  readHeaderSet,
  writeHeaderFiles,
} from '../../../scripts/build/securityHeaders.ts'

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

async function dist(pages: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'folio-headers-'))
  for (const [path, html] of Object.entries(pages)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), html)
  }
  return dir
}

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts a page runs, and nothing else', () => {
    const html =
      '<script>var theme=1</script><script type="module">boot()</script>' +
      '<script type="module" src="/assets/app-1.js"></script>' +
      '<script type="application/json" id="folio-boot">{"a":1}</script>' +
      '<script type="application/ld+json">{"@type":"BlogPosting"}</script>'
    expect(inlineScriptHashes(html).sort()).toEqual([sha('var theme=1'), sha('boot()')].sort())
  })
})

describe('the header files a build writes', () => {
  it('take the hashes of pages worked out as they were written, and read every other page', async () => {
    const dir = await dist({
      'index.html': '<script>on disk()</script>',
      '404.html': '<script>not found()</script>',
    })
    // index.html was finished by the build, which knew its hashes; 404.html was not.
    const set = await writeHeaderFiles(dir, {}, new Map([['index.html', [sha('finished()')]]]))
    expect(set.scriptHashes).toEqual([sha('finished()'), sha('not found()')].sort())
  })

  it('allow exactly the inline scripts the pages hold, on every host format', async () => {
    const dir = await dist({
      'index.html': '<script>one()</script><script>shared()</script>',
      'blog/post/index.html': '<script>two()</script><script>shared()</script>',
      '404.html': '<p>no script</p>',
    })
    await writeHeaderFiles(dir, { supabaseUrl: 'https://abc.supabase.co' })
    const set = await readHeaderSet(dir)
    expect(set.scriptHashes).toEqual([sha('one()'), sha('shared()'), sha('two()')].sort())
    const csp = set.headers['Content-Security-Policy'] as string
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ')
    expect(scriptSrc).toEqual([
      "'self'",
      ...set.scriptHashes.map((hash) => `'${hash}'`),
      'https://js.stripe.com',
    ])
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain(
      "connect-src 'self' https://abc.supabase.co wss://abc.supabase.co https://api.stripe.com",
    )
    expect(set.headers).toMatchObject({
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringContaining('camera=()'),
    })

    const pagesFile = await readFile(join(dir, PAGES_HEADERS), 'utf8')
    expect(pagesFile.split('\n')[0]).toBe('/*')
    for (const [name, value] of Object.entries(set.headers)) {
      expect(pagesFile).toContain(`\n  ${name}: ${value}\n`)
    }
    const policy = JSON.parse(await readFile(join(dir, CLOUDFRONT_POLICY), 'utf8'))
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(csp)
    expect(policy.CustomHeadersConfig.Items).toContainEqual({
      Header: 'Permissions-Policy',
      Value: set.headers['Permissions-Policy'],
      Override: true,
    })
    // CloudFront refuses a Content-Security-Policy longer than 1783 characters.
    expect(csp.length).toBeLessThanOrEqual(1783)
  })

  it('let the local backend and its websocket through for a local build', async () => {
    const dir = await dist({ 'index.html': '<script>x()</script>' })
    const set = await writeHeaderFiles(dir, { supabaseUrl: 'http://127.0.0.1:54321' })
    expect(set.headers['Content-Security-Policy']).toContain(
      "connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321 https://api.stripe.com",
    )
  })
})

describe('headerDisagreements', () => {
  it('finds nothing in a build as it was written', async () => {
    const dir = await dist({ 'index.html': '<script>one()</script>' })
    await writeHeaderFiles(dir)
    expect(await headerDisagreements(dir)).toEqual([])
  })

  it('names a page whose inline script the CSP does not allow', async () => {
    const dir = await dist({ 'index.html': '<script>one()</script>' })
    await writeHeaderFiles(dir)
    await writeFile(join(dir, 'about.html'), '<script>edited()</script>')
    expect(await headerDisagreements(dir)).toEqual([
      `about.html has an inline script (${sha('edited()')}) the Content-Security-Policy does not allow`,
    ])
  })

  it('names a derived file that was edited or lost', async () => {
    const dir = await dist({ 'index.html': '<script>one()</script>' })
    await writeHeaderFiles(dir)
    await writeFile(join(dir, PAGES_HEADERS), '/*\n  X-Frame-Options: SAMEORIGIN\n')
    expect(await headerDisagreements(dir)).toEqual([
      `${PAGES_HEADERS} does not match ${HEADERS_JSON}`,
    ])
  })

  it('says to build when there is no header set', async () => {
    const dir = await dist({ 'index.html': '<p>x</p>' })
    await expect(headerDisagreements(dir)).rejects.toThrow(/Run `npm run build` first/)
  })
})
