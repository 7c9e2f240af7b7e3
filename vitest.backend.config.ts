import { defineConfig } from 'vitest/config'

// The local backend's own suite (npx vitest run -c vitest.backend.config.ts). Each file
// starts an in-memory backend on a random port; DATABASE_URL runs it against PostgreSQL, a
// database per worker (suiteDatabases.setup.ts).
export default defineConfig({
  test: {
    include: ['tests/backend/**/*.test.ts'],
    globalSetup: ['tests/backend/suiteDatabases.setup.ts'],
    // Each file's backend runs in its worker, one thread of CPU: use both cores (Vitest's
    // default leaves one free).
    maxWorkers: 2,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
