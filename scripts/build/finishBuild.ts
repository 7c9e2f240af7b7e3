/**
 * Makes the prerendered site ready for the CDN: each page is rewritten as it is rendered
 * (PageFinisher); once all are written, the not-found page moves to the `404.html` a CDN serves
 * for unknown paths, the build fails on a broken internal link or a leaked secret, and the build
 * manifest that running tabs poll (`builds/latest.json`) is written with its route rules
 * (`builds/meta/{id}.json`).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { findRouteRule, routeRules } from '../../src/routeRules.ts'
import { readBuildEnvFiles } from '../config/envFiles.ts'
import { LOCAL_JWT_SECRET, devApiKey } from '../local/supabase/devKeys.ts'
import { deferHydration } from './deferHydration.ts'
import { DetachedStrings } from './detachedStrings.ts'
import { withoutHeadWhitespace } from './headWhitespace.ts'
import { inlineStylesheets } from './inlineCss.ts'
import { brokenLinks, brokenLinksError, linkTargets } from './linkCheck.ts'
import { findSecrets, scanForSecrets, secretValues, type SecretFinding } from './secretScan.ts'
import { externaliseInlineState, prerenderErrors, readInlineState } from './inlineState.ts'
import type { ReusedPage } from './pageCache.ts'
import { inlineScriptHashes, writeHeaderFiles, type BuildOrigins } from './securityHeaders.ts'

export interface BuildManifestFiles {
  latest: { id: string; timestamp: number }
  meta: {
    id: string
    timestamp: number
    routes: {
      path: string
      layout: string
      colorMode: string | null
      guarded: boolean
      prerendered: boolean
    }[]
  }
}

export function buildManifestFiles(
  id: string,
  timestamp: number,
  extraPrerendered: string[] = [],
): BuildManifestFiles {
  const routes = routeRules
    // A pattern (`/blog/:slug`) is prerendered as its concrete paths, listed in extraPrerendered.
    .filter((rule) => !rule.path.includes(':'))
    .map((rule) => ({
      path: rule.path,
      layout: rule.layout,
      colorMode: rule.colorMode ?? null,
      guarded: Boolean(rule.guarded),
      prerendered: true,
    }))
    .concat(
      extraPrerendered.map((path) => ({
        path,
        layout: 'default',
        colorMode: null,
        guarded: false,
        prerendered: true,
      })),
    )
  return { latest: { id, timestamp }, meta: { id, timestamp, routes } }
}

async function moveNotFoundPage(distDir: string): Promise<void> {
  const nested = join(distDir, '404', 'index.html')
  // 404.html is served for many addresses, so it is rendered in the browser rather than
  // hydrated (hydrating it would mismatch the address the visitor typed).
  const html = (await readFile(nested, 'utf8')).replace(' data-server-rendered="true"', '')
  await writeFile(join(distDir, '404.html'), html)
  await rm(join(distDir, '404'), { recursive: true })
}

/**
 * Finishes each page as vite-react-ssg renders it, before it is written: a page a route failed
 * to prerender fails the build; its references are collected for the link check (before the
 * rewrite moves scripts into the boot manifest), then state moves out of inline scripts (so a CSP
 * without 'unsafe-inline' scripts works), hydration starts after the first paint, the
 * indentation between head elements goes, its stylesheets are inlined (so first paint needs no
 * second request), and the result is checked for secrets and its inline scripts hashed for the
 * Content-Security-Policy. Each payload is checked for secrets as it is written, too, so
 * finishBuild reads back only what this pass did not see.
 */
export class PageFinisher {
  readonly findings: PageFindings = {
    linkTargets: new Map(),
    secrets: [],
    scanned: new Set(),
    scriptHashes: new Map(),
  }
  private readonly cssCache = new Map<string, string>()
  // Targets are kept until the link check: as copies, so no page is kept with them.
  private readonly targets = new DetachedStrings()
  private secretValues: Promise<string[]> | undefined

  constructor(
    private readonly distDir: string,
    /** Where the build's dotenv files are: Vite's root, the working directory of `npm run build`. */
    private readonly envRoot: string = process.cwd(),
  ) {}

  /** The values no file may contain, worked out once for the pages and the final scan. */
  secrets(): Promise<string[]> {
    return (this.secretValues ??= secretsOfThisBuild(this.envRoot))
  }

  async finish(route: string, prerendered: string): Promise<string> {
    // A route that failed (a loader that threw, a module that did not load) is rendered as its
    // error screen, and vite-react-ssg would write that page: the build fails instead.
    const state = readInlineState(prerendered)
    const errors = prerenderErrors(state)
    if (errors.length > 0)
      throw new Error(`${route} failed while prerendering:\n  ${errors.join('\n  ')}`)
    const page = pageFileOf(route)
    this.findings.linkTargets.set(
      page,
      linkTargets(prerendered).map((target) => this.targets.keep(target)),
    )
    const html = withoutHeadWhitespace(deferHydration(externaliseInlineState(prerendered, state)))
    // The dashboard's prerendered markup is only its loading state ("Checking your session…"),
    // and the workspace it shows next is the product: its CSS is in the document, whole, before
    // that markup arrives, rather than on its way with the full stylesheets.
    const workspace = findRouteRule(route)?.layout === 'workspace'
    const finished = await inlineStylesheets(html, this.distDir, this.cssCache, !workspace)
    await this.check(page, finished)
    return finished
  }

  /** A page's loader payload, `file` in the output folder, as JSON checked for secrets. */
  async finishPayload(file: string, payload: unknown): Promise<string> {
    const json = JSON.stringify(payload)
    await this.scan(file, json)
    return json
  }

  /** A page as it is written: scanned for secrets, its inline scripts hashed for the CSP. */
  private async check(page: string, html: string): Promise<void> {
    await this.scan(page, html)
    this.findings.scriptHashes.set(page, inlineScriptHashes(html))
  }

  private async scan(file: string, text: string): Promise<void> {
    for (const what of findSecrets(text, await this.secrets())) {
      this.findings.secrets.push({ file, what })
    }
    this.findings.scanned.add(file)
  }

  /**
   * A page the last build made from the same inputs, as the page cache wrote it again: its
   * references are the ones recorded then. It and its payload are scanned for secrets here, since
   * this build's secrets may not be the last one's, and its inline scripts are hashed for the
   * CSP, from the texts written: the end of the build reads neither back.
   */
  async reused(route: string, page: ReusedPage): Promise<void> {
    const file = pageFileOf(route)
    this.findings.linkTargets.set(file, page.linkTargets)
    await this.check(file, page.texts.page)
    if (page.loaderData !== null && page.texts.loaderData !== null)
      await this.scan(page.loaderData, page.texts.loaderData)
  }

  /** The references recorded when `route` was finished. */
  linkTargetsOf(route: string): string[] {
    return this.findings.linkTargets.get(pageFileOf(route)) ?? []
  }
}

/** Where vite-react-ssg writes a route with `dirStyle: 'nested'`: `/blog` → `blog/index.html`. */
export function pageFileOf(route: string): string {
  const path = route.replace(/^\/+|\/+$/g, '')
  return path === '' ? 'index.html' : `${path}/index.html`
}

export interface PageFindings {
  linkTargets: Map<string, string[]>
  secrets: SecretFinding[]
  /** The files scanned as they were finished, which the scan of dist/ at the end leaves out. */
  scanned: Set<string>
  /** The inline scripts' hashes of each page finished, which the CSP needs (securityHeaders.ts). */
  scriptHashes: Map<string, string[]>
}

/** The values that must never reach dist/: secret-looking variables and the local keys. */
async function secretsOfThisBuild(envRoot: string): Promise<string[]> {
  const localServiceKey = await devApiKey('service_role')
  // Vite inlines the VITE_ variables of the dotenv files as it does those of the environment,
  // so a secret kept in .env.production.local is as public once bundled. Both are read: where
  // the environment overrides a file, the file's value is still a secret. `npm run build` is
  // always the production mode.
  const fromFiles = secretValues(readBuildEnvFiles('production', envRoot))
  return [
    ...new Set([...fromFiles, ...secretValues(process.env, [LOCAL_JWT_SECRET, localServiceKey])]),
  ]
}

/** The build fails rather than publish a key (see secretScan.ts) or a link that 404s. */
async function checkPages(distDir: string, pass: PageFindings, secrets: string[]) {
  const broken = brokenLinks(distDir, pass.linkTargets)
  if (broken.length > 0) throw brokenLinksError(broken)
  const findings = [
    ...pass.secrets,
    ...(await scanForSecrets(distDir, secrets, (file) => pass.scanned.has(file))),
  ].sort((a, b) => a.file.localeCompare(b.file))
  if (findings.length > 0) {
    const lines = findings.map((finding) => `  dist/${finding.file}: ${finding.what}`)
    throw new Error(
      `Secrets reached the client build; remove them and rebuild:\n${lines.join('\n')}`,
    )
  }
}

/** What finishing the pages found, for the checks at the end (PageFinisher or FinishingThread). */
export interface FinishedPages {
  findings: PageFindings
  secrets(): Promise<string[]>
}

export async function finishBuild(
  distDir: string,
  id: string,
  pages: FinishedPages,
  extraPrerendered: string[] = [],
  /** The backend and the Stripe stand-in the pages talk to, for the Content-Security-Policy. */
  origins: BuildOrigins = {},
): Promise<void> {
  await moveNotFoundPage(distDir)
  await checkPages(distDir, pages.findings, await pages.secrets())
  // After every page is final: the CSP lists the hashes of the inline scripts they hold.
  await writeHeaderFiles(distDir, origins, pages.findings.scriptHashes)
  const files = buildManifestFiles(id, Date.now(), extraPrerendered)
  await mkdir(join(distDir, 'builds', 'meta'), { recursive: true })
  await writeFile(
    join(distDir, 'builds', 'meta', `${id}.json`),
    JSON.stringify(files.meta, null, 2),
  )
  // latest.json last: it is the signal that everything it points to is in place.
  await writeFile(join(distDir, 'builds', 'latest.json'), JSON.stringify(files.latest))
}

/**
 * react-helmet puts the page's title and meta tags at the very top of <head>; the charset must
 * come first (browsers only look for it in the first 1024 bytes).
 */
export function hoistCharset(html: string): string {
  // indexOf, not a regex with a leading \s*: pages with long code blocks made that slow.
  const tag = '<meta charset="UTF-8">'
  const at = html.indexOf(tag)
  if (at === -1) return html
  const before = html.slice(0, at).trimEnd()
  return `${before}${html.slice(at + tag.length)}`.replace('<head>', `<head>${tag}`)
}
