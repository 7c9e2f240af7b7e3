/**
 * The editor bench runs with the end-to-end suite's servers (built site, local backend, Stripe
 * stand-in) and browser settings, one test at a time so sizes do not compete for the CPU. It
 * measures in the full browser, as users have it, not the suite's headless shell.
 */
import { defineConfig } from '@playwright/test'
import path from 'node:path'
import suite from '../../../playwright.config.ts'
import { measuringBrowserPath } from '../../prerequisites/requirements.ts'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const servers = Array.isArray(suite.webServer) ? suite.webServer : [suite.webServer ?? []].flat()

export default defineConfig({
  ...suite,
  testDir: '.',
  testMatch: '*.bench.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 600_000,
  // The suite's commands are written from the repository's root.
  webServer: servers.map((server) => ({ ...server, cwd: ROOT })),
  use: {
    ...suite.use,
    launchOptions: {
      ...suite.use?.launchOptions,
      executablePath: measuringBrowserPath(process.env),
    },
  },
})
