import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4400)

/**
 * End-to-end tests run Debian's chromium (npx playwright install cannot download browsers here)
 * against dist/ served by the plain static server: no SPA fallback, exactly like the CDN.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `npx tsx scripts/serve/main.ts --port ${PORT} --dir dist --supabase-url http://127.0.0.1:54321`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
})
