import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { finishBuild, hoistCharset } from './scripts/build/finishBuild.ts'
import { buildId, folioPlugin } from './scripts/vite/folioPlugin.ts'

export default defineConfig({
  plugins: [react(), folioPlugin()],
  build: {
    // The budget check (npm run size) is the real guard; this only keeps Vite quiet.
    chunkSizeWarningLimit: 600,
  },
  ssgOptions: {
    entry: 'src/main.tsx',
    dirStyle: 'nested',
    script: 'async',
    // Critical-CSS inlining adds inline `onload` handlers a strict CSP forbids; our CSS is small.
    beastiesOptions: false,
    includedRoutes: (paths) => [...paths, '/404'],
    onPageRendered: (_route, html) => hoistCharset(html),
    onFinished: (outDir) => finishBuild(outDir, buildId()),
  },
})
