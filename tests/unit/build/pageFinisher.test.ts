import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PageFinisher, finishBuild, pageFileOf } from '../../../scripts/build/finishBuild.ts'
import { bootScriptHash } from '../../../scripts/build/deferHydration.ts'
import { inlineScriptHashes } from '../../../scripts/build/securityHeaders.ts'
import { firstLoadScripts } from '../../../scripts/size/firstLoad.ts'

// What vite-react-ssg hands onPageRendered: state in inline scripts, the entry as a module script.
const hydration = JSON.stringify(JSON.stringify({ loaderData: { root: null } }))
const prerendered = (body: string) =>
  '<html><head><link rel="stylesheet" crossorigin="" href="/assets/app-abc.css">' +
  '<script type="module" async="" crossorigin="" src="/assets/app.js"></script>' +
  '<link rel="modulepreload" crossorigin="" href="/assets/Page.js"></head>' +
  `<body><div id="root">${body}</div>` +
  `<script>window.__staticRouterHydrationData = JSON.parse(${hydration});</script>` +
  "<script>window.__VITE_REACT_SSG_HASH__ = 'h1'</script></body></html>"

let distDir: string
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'folio-finisher-'))
  await mkdir(join(distDir, 'assets'))
  await writeFile(join(distDir, 'assets', 'app-abc.css'), 'body{color:red}')
})
afterAll(() => rm(distDir, { recursive: true, force: true }))

describe('PageFinisher', () => {
  it('rewrites a page for the CDN before it is written', async () => {
    const pages = new PageFinisher(distDir)
    const html = await pages.finish('/blog', prerendered('<a href="/pricing">Pricing</a>'))
    expect(html).toContain('<style>body{color:red}</style>')
    expect(html).not.toMatch(/<script>window\./)
    expect(html).toContain('id="folio-ssg-state"')
    // Hydration waits for the first paint: the entry is in the boot manifest, not a tag.
    expect(html).not.toMatch(/<script type="module"/)
    expect(firstLoadScripts(html).sort()).toEqual(['/assets/Page.js', '/assets/app.js'])
  })

  it('fails on a page a route failed to prerender, rather than write its error screen', async () => {
    const failed = JSON.stringify(
      JSON.stringify({
        loaderData: { root: null },
        errors: { '0-0-2': { message: 'Cannot find module /x.js', __type: 'Error' } },
      }),
    )
    const page = prerendered('<h1>Something went wrong</h1>').replace(hydration, failed)
    await expect(new PageFinisher(distDir).finish('/blog', page)).rejects.toThrow(
      '/blog failed while prerendering:\n  0-0-2: Cannot find module /x.js',
    )
  })

  it('records the references of the page as rendered, for the link check', async () => {
    const pages = new PageFinisher(distDir)
    await pages.finish('/blog', prerendered('<a href="/pricing#faq">Pricing</a>'))
    expect(pages.findings.linkTargets.get('blog/index.html')).toEqual([
      '/assets/app-abc.css',
      '/assets/app.js',
      '/assets/Page.js',
      '/pricing#faq',
    ])
    expect(pages.findings.secrets).toEqual([])
  })

  it('writes a payload as JSON and records a secret in it with the payload file', async () => {
    const pages = new PageFinisher(distDir)
    const file = 'static-loader-data/blog/a-post.h1.json'
    const payload = { post: { html: '<p>whsec_0123456789abcdef</p>' } }
    expect(await pages.finishPayload(file, payload)).toBe(JSON.stringify(payload))
    expect(pages.findings.secrets).toEqual([
      { file, what: 'something shaped like a secret key (whsec_01…)' },
    ])
    expect(pages.findings.scanned.has(file)).toBe(true)
  })

  it("hashes a page's inline scripts as it is finished, for the Content-Security-Policy", async () => {
    const pages = new PageFinisher(distDir)
    const html = await pages.finish('/blog', prerendered('<p>Posts</p>'))
    expect(pages.findings.scriptHashes.get('blog/index.html')).toEqual(inlineScriptHashes(html))
    // The boot script that starts hydration is one of them.
    expect(pages.findings.scriptHashes.get('blog/index.html')).toContain(bootScriptHash)
  })

  it('records a secret-shaped string with the page it is on', async () => {
    const pages = new PageFinisher(distDir)
    await pages.finish('/', prerendered('<p>sk_live_0123456789abcdef</p>'))
    expect(pages.findings.secrets).toEqual([
      { file: 'index.html', what: 'something shaped like a secret key (sk_live_…)' },
    ])
  })

  // Vite inlines the VITE_ variables of these files too: a secret in one is bundled as easily.
  it("looks for the secrets of the build's dotenv files, not only the environment's", async () => {
    const root = await mkdtemp(join(tmpdir(), 'folio-env-root-'))
    try {
      await writeFile(join(root, '.env'), 'VITE_SUPABASE_ANON_KEY=public-anon-key-value-0\n')
      await writeFile(join(root, '.env.local'), 'STRIPE_SECRET_KEY=from-env-local-secret-1\n')
      await writeFile(join(root, '.env.production'), 'VITE_DB_PASSWORD=from-env-production-2\n')
      await writeFile(
        join(root, '.env.production.local'),
        'VITE_PARTNER_API_SECRET=from-production-local-3\n',
      )
      await writeFile(join(root, '.env.development'), 'VITE_OTHER_SECRET=not-this-build-mode-4\n')
      const secrets = await new PageFinisher(distDir, root).secrets()
      expect(secrets).toEqual(
        expect.arrayContaining([
          'from-env-local-secret-1',
          'from-env-production-2',
          'from-production-local-3',
        ]),
      )
      expect(secrets).not.toContain('public-anon-key-value-0')
      expect(secrets).not.toContain('not-this-build-mode-4')

      const pages = new PageFinisher(distDir, root)
      await pages.finish('/', prerendered('<p>key: from-production-local-3</p>'))
      expect(pages.findings.secrets).toEqual([
        { file: 'index.html', what: 'a secret from the build environment' },
      ])
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})

/** A page as the page cache writes it again: its files, recorded references and texts. */
function reusedPage(route: string, page: string, payload?: { file: string; text: string }) {
  return {
    page: pageFileOf(route),
    loaderData: payload?.file ?? null,
    linkTargets: [],
    texts: { page, loaderData: payload?.text ?? null },
  }
}

describe('finishBuild', () => {
  const secretPage = `<p>sb_secret_${'N'.repeat(32)}</p>`

  it.each([
    ['rendered by this build', false],
    ["reused from the last build's cache", true],
  ])('fails on a page with a secret %s', async (_how, reused) => {
    const dist = await mkdtemp(join(tmpdir(), 'folio-finish-'))
    const pages = new PageFinisher(dist)
    await mkdir(join(dist, '404'))
    await writeFile(join(dist, '404', 'index.html'), '<p>Not found</p>')
    // What the pages link to, so only the secret can fail the build.
    await mkdir(join(dist, 'assets'))
    for (const asset of ['app-abc.css', 'app.js', 'Page.js'])
      await writeFile(join(dist, 'assets', asset), '')
    if (reused) {
      // What the page cache does: the file arrives as the last build wrote it, unscanned.
      await writeFile(join(dist, 'index.html'), secretPage)
      await pages.reused('/', reusedPage('/', secretPage))
      await pages.reused('/404', reusedPage('/404', '<p>Not found</p>'))
    } else {
      await writeFile(join(dist, 'index.html'), await pages.finish('/', prerendered(secretPage)))
      await pages.finish('/404', prerendered('<p>Not found</p>'))
    }
    await expect(finishBuild(dist, 'b1', pages)).rejects.toThrow(
      /Secrets reached the client build[\s\S]*dist\/index\.html/,
    )
    await rm(dist, { recursive: true, force: true })
  })
})

describe('finishBuild and payloads', () => {
  const secretPayload = { html: `<p>sb_secret_${'N'.repeat(32)}</p>` }
  const payload = 'static-loader-data/blog/a-post.h1.json'

  /** An output folder whose only page is the not-found one, with a clean payload on disk. */
  async function outputWithCleanPayload(): Promise<{ dist: string; pages: PageFinisher }> {
    const dist = await mkdtemp(join(tmpdir(), 'folio-finish-'))
    const pages = new PageFinisher(dist)
    await mkdir(join(dist, '404'))
    await writeFile(join(dist, '404', 'index.html'), '<p>Not found</p>')
    await pages.reused('/404', reusedPage('/404', '<p>Not found</p>'))
    await mkdir(join(dist, 'static-loader-data', 'blog'), { recursive: true })
    // What reaches the disk is clean: only the check as it was written can have seen the key.
    await writeFile(join(dist, payload), '{}')
    return { dist, pages }
  }

  it('fails on a secret in a payload checked as it was written, without reading it back', async () => {
    const { dist, pages } = await outputWithCleanPayload()
    await pages.finishPayload(payload, secretPayload)
    await expect(finishBuild(dist, 'b1', pages)).rejects.toThrow(
      /Secrets reached the client build[\s\S]*dist\/static-loader-data\/blog\/a-post\.h1\.json/,
    )
    await rm(dist, { recursive: true, force: true })
  })

  it("fails on a secret in a reused page's payload, checked as it was written again", async () => {
    const { dist, pages } = await outputWithCleanPayload()
    await mkdir(join(dist, 'blog', 'a-post'), { recursive: true })
    await writeFile(join(dist, 'blog', 'a-post', 'index.html'), '<p>Post</p>')
    await pages.reused(
      '/blog/a-post',
      reusedPage('/blog/a-post', '<p>Post</p>', {
        file: payload,
        text: JSON.stringify(secretPayload),
      }),
    )
    await expect(finishBuild(dist, 'b1', pages)).rejects.toThrow(
      /Secrets reached the client build[\s\S]*dist\/static-loader-data\/blog\/a-post\.h1\.json/,
    )
    await rm(dist, { recursive: true, force: true })
  })
})

describe('finishBuild and reused pages', () => {
  it("hashes a reused page's inline scripts for the CSP", async () => {
    const pages = new PageFinisher(distDir)
    const page = await new PageFinisher(distDir).finish('/', prerendered('<p>Home</p>'))
    await pages.reused('/', reusedPage('/', page))
    expect(pages.findings.scriptHashes.get('index.html')).toEqual(inlineScriptHashes(page))
    expect(pages.findings.scriptHashes.get('index.html')).toContain(bootScriptHash)
    expect(pages.findings.scanned.has('index.html')).toBe(true)
  })
})

describe('pageFileOf', () => {
  it('names the file vite-react-ssg writes for a route (nested directories)', () => {
    expect(pageFileOf('/')).toBe('index.html')
    expect(pageFileOf('/blog')).toBe('blog/index.html')
    expect(pageFileOf('/blog/a-post/')).toBe('blog/a-post/index.html')
    expect(pageFileOf('/404')).toBe('404/index.html')
  })
})
