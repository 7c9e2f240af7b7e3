import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { finishBuild, hoistCharset } from './scripts/build/finishBuild.ts'
import {
  addModulePreloads,
  frameworkChunkFiles,
  readViteManifest,
} from './scripts/build/frameworkPreloads.ts'
import { finishContent } from './scripts/content/finishContent.ts'
import { fillProseSlots, proseByKey } from './scripts/content/proseSlots.ts'
import { builtContent, folioContentPlugin, postPaths } from './scripts/content/vitePlugin.ts'
import { buildId, folioPlugin } from './scripts/vite/folioPlugin.ts'

// Read once, after the client build has written the manifest and before the first page renders.
let frameworkFiles: string[] | undefined
// FOLIO_OUT_DIR lets the benchmark build elsewhere without touching dist/.
const outDir = process.env.FOLIO_OUT_DIR ?? 'dist'
const frameworkChunks = () => (frameworkFiles ??= frameworkChunkFiles(readViteManifest(outDir)))

let proseHtml: Promise<Map<string, string>> | undefined
const prose = () => (proseHtml ??= builtContent().content.then(proseByKey))

export default defineConfig({
  plugins: [react(), folioPlugin(), folioContentPlugin()],
  build: {
    outDir,
    // The budget check (npm run size) is the real guard; this only keeps Vite quiet.
    chunkSizeWarningLimit: 600,
  },
  ssgOptions: {
    entry: 'src/main.tsx',
    dirStyle: 'nested',
    script: 'async',
    // Critical-CSS inlining adds inline `onload` handlers a strict CSP forbids; our CSS is small.
    beastiesOptions: false,
    // `/blog/:slug` is prerendered once per published post, never as a pattern.
    includedRoutes: async (paths) => [
      ...paths.filter((path) => !path.includes(':')),
      ...(await postPaths()),
      '/404',
    ],
    onPageRendered: async (_route, html) =>
      addModulePreloads(fillProseSlots(hoistCharset(html), await prose()), frameworkChunks()),
    onFinished: async (outDir) => {
      await finishContent(outDir)
      await finishBuild(outDir, buildId(), await postPaths())
    },
  },
})
