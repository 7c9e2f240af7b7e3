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
    // unified through Vite rather than Node, so a test can stand in for what it imports: the
    // preview worker gets its own `extend` (tests/unit/workspace/extendNotUsed.test.ts).
    server: { deps: { inline: ['unified'] } },
  },
})
