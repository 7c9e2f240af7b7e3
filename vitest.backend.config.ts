import { defineConfig } from 'vitest/config'

// The local backend's own suite (npx vitest run -c vitest.backend.config.ts). Each file
// starts an in-memory backend on a random port; DATABASE_URL runs it against PostgreSQL.
export default defineConfig({
  test: {
    include: ['tests/backend/**/*.test.ts'],
    globalSetup: ['tests/backend/emptyCluster.setup.ts'],
    // Each file's backend runs in its worker, one thread of CPU: use both cores (Vitest's
    // default leaves one free).
    maxWorkers: 2,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Against one shared PostgreSQL database the files must not reset it under each other.
    fileParallelism: !process.env.DATABASE_URL,
  },
})
