import { defineConfig } from '@playwright/test'
import { E2E_STAND_IN_PORT, standInFunctionEnv } from './scripts/local/stripe/index.ts'
import { testBrowserPath } from './scripts/prerequisites/requirements.ts'

const PORT = Number(process.env.E2E_PORT ?? 4400)
// Other ports let two checkouts run their suites side by side; the build must then be made
// with VITE_SUPABASE_URL pointing at the same backend port.
const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 54321)
const BACKEND_URL = `http://127.0.0.1:${BACKEND_PORT}`
// Like `npm start`, the suite runs Stripe's browser side offline: build with
// VITE_STRIPE_STAND_IN_URL=http://127.0.0.1:<E2E_STRIPE_PORT> (as `npm test` does) so the
// pages load the stand-in's Stripe.js and portal, and the CSP the build emits allows them.

/**
 * End-to-end tests run Debian's Chromium headless shell, or CHROMIUM_PATH (npx playwright
 * install cannot download browsers here), against dist/ served by the plain static server: no
 * SPA fallback, exactly like the CDN, and the local backend on the port the build's .env points at.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  // Baselines without the platform in their name: CI and every developer run Debian's Chromium.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  expect: {
    // A little room for anti-aliasing; a moved or recoloured element is far more than this.
    toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide' },
  },
  projects: [
    { name: 'e2e', testIgnore: /visual\.spec\.ts$/ },
    // The visual regression suite: `npm run test:visual` alone, and part of `npm run test:e2e`.
    { name: 'visual', testMatch: /visual\.spec\.ts$/ },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: testBrowserPath(process.env),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Draw text as the full browser does here, with the slight hinting Debian's fontconfig
        // asks for (/etc/fonts/conf.d/10-hinting-slight.conf). The headless shell's own default
        // gave other glyph widths: lines broke elsewhere, every screenshot differed and three
        // font-swap tests saw shifts the full browser does not have.
        '--font-render-hinting=slight',
      ],
    },
  },
  webServer: [
    {
      // The local Supabase stand-in, in memory so every run starts empty. The site is built
      // against it through .env (its fixed URL and development anon key).
      command: `npx tsx scripts/local/supabase/main.ts --port ${BACKEND_PORT} --memory --no-env-file`,
      url: `${BACKEND_URL}/auth/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: { FOLIO_SITE_URL: `http://127.0.0.1:${PORT}`, ...standInFunctionEnv(E2E_STAND_IN_PORT) },
    },
    {
      // Stripe's API as the functions see it (scripts/local/stripe), its test-mode Stripe.js and portal;
      // paid checkouts and portal changes send webhooks back.
      command: `npx tsx scripts/local/stripe/main.ts --port ${E2E_STAND_IN_PORT} --serve-pages --webhook-url ${BACKEND_URL}/functions/v1/stripe-webhook`,
      url: `http://127.0.0.1:${E2E_STAND_IN_PORT}/_stand-in/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      // With the security headers the build emitted for dist/, exactly as the CDN gets them.
      command: `npx tsx scripts/serve/main.ts --port ${PORT} --dir dist`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
})
