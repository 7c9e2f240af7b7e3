import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { finishBuild } from './scripts/build/finishBuild.ts'
import { FinishingThread } from './scripts/build/finishingThread.ts'
import { BundleCache } from './scripts/build/bundleCache.ts'
import { buildId, bundleCacheKey, pageCacheKey } from './scripts/build/buildId.ts'
import { pageBuildHash } from './src/app/buildCheck.ts'
import { lastBuildRemoved, outDirAsidePlugin } from './scripts/build/outDirAside.ts'
import { PageCache, pageInputs } from './scripts/build/pageCache.ts'
import { finishContent } from './scripts/content/finishContent.ts'
import { proseDocumentsOf } from './scripts/content/proseSlots.ts'
import { builtContent, folioContentPlugin, postPaths } from './scripts/content/vitePlugin.ts'
import { clientHeadPlugin } from './scripts/vite/clientHeadPlugin.ts'
import { buildConfig, folioConfigPlugin } from './scripts/vite/configPlugin.ts'
import { preactClientPlugin } from './scripts/vite/preactClientPlugin.ts'
import { routePreloads, staticImportsPlugin } from './scripts/vite/routePreloads.ts'
import { chunkPackagesPlugin } from './scripts/vite/chunkPackagesPlugin.ts'
import { compileHintsPlugin } from './scripts/vite/compileHintsPlugin.ts'
import { fontsPlugin } from './scripts/vite/fontsPlugin.ts'
import { headScriptsPlugin } from './scripts/vite/headScriptsPlugin.ts'
import { markdownHtmlPlugin } from './scripts/vite/markdownHtmlPlugin.ts'
import { entityDecoderWithoutDom, previewWorkerStandIns } from './scripts/vite/moduleStandIns.ts'
import { sharedRuntimeHelpersPlugin } from './scripts/vite/sharedRuntimeHelpersPlugin.ts'
import { shikiGrammarsModule, shikiGrammarsPlugin } from './scripts/vite/shikiGrammarsPlugin.ts'
import { shikiThemesPlugin } from './scripts/vite/shikiThemesPlugin.ts'

// FOLIO_OUT_DIR lets the benchmark build elsewhere without touching dist/.
const outDir = process.env.FOLIO_OUT_DIR ?? 'dist'
// Pages are made final on a thread of their own (finishingThread.ts), with the documents' HTML.
const finishing = new FinishingThread(outDir, () => builtContent().proseLocations)
// The last build's bundles and pages, reused when this build's inputs are the same (and the
// pages whose data is the same, when only the content changed), under FOLIO_CACHE_DIR as the
// content cache. The pages' cache opens once vite-react-ssg starts prerendering, after both
// bundles exist.
const cacheDir = path.resolve(process.env.FOLIO_CACHE_DIR ?? '.cache')
const cachedBundles = () => new BundleCache(path.join(cacheDir, 'bundles'), bundleCacheKey())
let pageCache: Promise<PageCache> | undefined
const cachedPages = () =>
  (pageCache ??= PageCache.open(path.join(cacheDir, 'pages'), outDir, pageCacheKey(), {
    code: bundleCacheKey(),
    hash: pageBuildHash(buildId()),
  }))

export default defineConfig({
  plugins: [
    // First: a wrong or missing environment variable stops the build before any work.
    folioConfigPlugin(),
    react(),
    headScriptsPlugin(),
    fontsPlugin(),
    chunkPackagesPlugin(),
    compileHintsPlugin(),
    folioContentPlugin(),
    shikiGrammarsPlugin(),
    clientHeadPlugin(),
    preactClientPlugin(),
    markdownHtmlPlugin(),
    sharedRuntimeHelpersPlugin(),
    staticImportsPlugin(),
    entityDecoderWithoutDom,
    outDirAsidePlugin(outDir),
  ],
  // Served unbundled in dev so the entity decoder resolves through the plugin above.
  optimizeDeps: { exclude: ['decode-named-character-reference'] },
  worker: {
    // ES module workers can split: the dashboard preview's worker loads each grammar on demand.
    format: 'es',
    plugins: () => [
      ...previewWorkerStandIns(),
      shikiGrammarsModule(),
      shikiThemesPlugin(),
      // What each worker's chunks hold, for npm run size (the preview worker's budget).
      chunkPackagesPlugin({ worker: true }),
    ],
  },
  build: {
    outDir,
    // FOLIO_OUT_DIR may lie outside the project, where Vite would otherwise keep old files.
    emptyOutDir: true,
    // The budget check (npm run size) is the real guard; this only keeps Vite quiet.
    chunkSizeWarningLimit: 600,
    // FOLIO_SOURCEMAP=1 adds source maps, to see what a chunk is made of.
    sourcemap: process.env.FOLIO_SOURCEMAP === '1',
    // The route table's imports preload only their stylesheets (decision 0047).
    modulePreload: { resolveDependencies: routePreloads },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Preact stands in for React in the browser (scripts/vite/preactClientPlugin.ts),
              // with its root API in src/app/runtime: vite-react-ssg imports that on its own,
              // so it must be in this chunk, not one more request before hydration.
              name: 'framework',
              test: /node_modules[\\/](preact|react|react-dom|scheduler|react-router|react-router-dom|@remix-run[\\/]router|vite-react-ssg)[\\/]|src[\\/]app[\\/]runtime[\\/]/,
            },
          ],
        },
      },
    },
  },
  ssgOptions: {
    entry: 'src/main.tsx',
    dirStyle: 'nested',
    // Pages render while others are written: with vite-react-ssg's 20 the CPU waited on the disk.
    concurrency: 64,
    script: 'async',
    // Payload names follow the build id: the same inputs give the same files (pageCache.ts), and
    // each page names its build by this hash (src/app/buildCheck.ts).
    payloadHash: pageBuildHash(buildId()),
    // Critical-CSS inlining adds inline `onload` handlers a strict CSP forbids; our CSS is small.
    beastiesOptions: false,
    // `/blog/:slug` is prerendered once per published post, never as a pattern.
    includedRoutes: async (paths) => [
      ...paths.filter((path) => !path.includes(':')),
      ...(await postPaths()),
      '/404',
    ],
    // Each page is made final on the finishing thread while the next ones render, preload links
    // included (`preloads`: the files its render used).
    onPageRendered: (route, html, _app, preloads = []) => finishing.page(route, html, preloads),
    // The finishing thread starts once the bundles are in place, before the first page.
    // (A failure to start it is the first page's to report.)
    reuseBundles: async (folders) => {
      const reused = await cachedBundles().reuse(folders)
      if (reused) finishing.start().catch(() => undefined)
      return reused
    },
    onBundlesBuilt: async (folders) => {
      finishing.start().catch(() => undefined)
      await cachedBundles().keep(folders)
    },
    reusePage: async (route) => {
      const reused = await (await cachedPages()).reuse(route)
      if (reused) await finishing.reused(route, reused)
      return reused
    },
    // A build whose content changed reuses the pages whose data and documents did not.
    reusePageWithData: async (route, loaderData) => {
      const documents = proseDocumentsOf(loaderData, await builtContent().proseLocations)
      const inputs = pageInputs(route, loaderData, documents)
      const reused = await (await cachedPages()).reuseWithData(route, inputs)
      if (reused) await finishing.reused(route, reused)
      return reused
    },
    onPageWritten: async (route, files, texts) =>
      (await cachedPages()).keep(route, files, texts, finishing.linkTargetsOf(route)),
    // Payloads carry the documents' HTML for client navigation, put in before they are written.
    onLoaderData: (_route, loaderData, file) => finishing.payload(file, loaderData),
    onFinished: async (outDir) => {
      await (await cachedPages()).save()
      await finishContent(outDir)
      // The same checked values the bundle carries (src/config).
      const { supabase, stripe } = buildConfig()
      await finishBuild(outDir, buildId(), await finishing.finished(), await postPaths(), {
        supabaseUrl: supabase.url,
        stripeStandInUrl: stripe.standInUrl ?? undefined,
      })
      await lastBuildRemoved()
    },
  },
})
