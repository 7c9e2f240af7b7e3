import { defineConfig } from 'vitest/config'
import { folioConfigPlugin } from './scripts/vite/configPlugin.ts'

export default defineConfig({
  // Modules under test read src/config, checked here from .env as a build checks it.
  plugins: [folioConfigPlugin()],
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
})
