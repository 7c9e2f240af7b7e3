import { defineConfig } from 'vitest/config'
import { folioConfigPlugin } from './scripts/vite/configPlugin.ts'

export default defineConfig({
  // Modules under test read src/config, checked here from .env as a build checks it.
  plugins: [folioConfigPlugin()],
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Both cores: Vitest's default leaves one of two idle (54 s against 40 s for the suite here).
    maxWorkers: 2,
  },
})
