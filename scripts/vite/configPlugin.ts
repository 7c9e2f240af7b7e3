/**
 * Checks the build's environment once, before anything is bundled (src/config/schema.ts), and
 * hands the checked values to src/config/index.ts as literals (`define`). A wrong or missing
 * value stops `npm run build`, `npm run dev` and the unit tests with the variable's name and
 * what was expected.
 */
import type { Plugin } from 'vite'
import { parseBuildConfig, type BuildConfig } from '../../src/config/schema.ts'
import { loadBuildEnv } from '../config/envFiles.ts'

const checked = new Map<string, BuildConfig>()

/** The names src/config/index.ts declares, and the literal each becomes. */
export function configDefines(config: BuildConfig): Record<string, string> {
  return {
    __FOLIO_SITE_CONFIG__: JSON.stringify(config.site),
    __FOLIO_SUPABASE_CONFIG__: JSON.stringify(config.supabase),
    __FOLIO_STRIPE_CONFIG__: JSON.stringify(config.stripe),
    // Apart from the frozen config object, so that the bundler sees null in a build without the
    // stand-in and leaves out the code that would load it (src/config/stripe.ts).
    __FOLIO_STRIPE_STAND_IN__: JSON.stringify(config.stripe.standInUrl),
  }
}

/** The checked configuration of this build (for the build's own steps: feeds, headers). */
export function buildConfig(mode = 'production'): BuildConfig {
  const config = checked.get(mode)
  if (!config) throw new Error(`The configuration for mode "${mode}" has not been checked yet`)
  return config
}

export function folioConfigPlugin(): Plugin {
  return {
    name: 'folio-config',
    // vite-react-ssg runs Vite twice (client, server): the check runs once per mode.
    config(userConfig, { mode }) {
      let config = checked.get(mode)
      if (!config) {
        config = parseBuildConfig(loadBuildEnv(mode, userConfig.root ?? process.cwd()))
        checked.set(mode, config)
      }
      return { define: configDefines(config) }
    },
  }
}
