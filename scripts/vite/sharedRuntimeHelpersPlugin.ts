/**
 * One copy of the helpers a library's own build inlined from `@oxc-project/runtime`.
 *
 * supabase-js, postgrest-js and storage-js are each built with oxc's transform, which wrote
 * object spread and class fields as calls to the runtime's `objectSpread2` and `defineProperty`
 * and inlined those helpers (with `typeof`, `toPrimitive` and `toPropertyKey`) into each
 * package's `dist/index.mjs`. So the chunk every note loads held three copies: 0.9 KB gzip.
 * The bundler that inlined them marked each one with a `//#region` naming the helper's module,
 * `\0@oxc-project+runtime@0.103.0/helpers/objectSpread2.js`. Where that version is the one
 * installed here, the region becomes an import of the same module from the package itself, and
 * the bundle keeps one copy. Nothing else in the library is touched, and a region of another
 * version stays as it is (tests/unit/build/sharedRuntimeHelpers.test.ts names the packages that
 * must have none left, so an upgrade that changes the version is noticed).
 */
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const RUNTIME = '@oxc-project/runtime'

/** The installed runtime's version: only regions of this version are replaced. */
export const RUNTIME_VERSION = (
  JSON.parse(
    readFileSync(new URL(`../../node_modules/${RUNTIME}/package.json`, import.meta.url), 'utf8'),
  ) as { version: string }
).version

const REGION =
  /\/\/#region \\0@oxc-project\+runtime@([\d.]+)\/helpers\/(\w+)\.js\n([\s\S]*?)\/\/#endregion\n/g

/**
 * `code` with each inlined helper of `version` replaced by an import of the runtime's module,
 * under the name the region declared it by (`_objectSpread2` for `objectSpread2`). A region
 * whose helper is not declared under such a name is kept.
 */
export function withSharedRuntimeHelpers(code: string, version = RUNTIME_VERSION): string {
  return code.replace(REGION, (region, regionVersion: string, helper: string, body: string) => {
    if (regionVersion !== version) return region
    const declared = [...body.matchAll(/^function (\w+)\(/gm)].map((match) => match[1] as string)
    const name = declared.find((local) => local.replace(/^_/, '') === helper)
    return name ? `import ${name} from '${RUNTIME}/helpers/${helper}';\n` : region
  })
}

export function sharedRuntimeHelpersPlugin(): Plugin {
  return {
    name: 'folio:shared-runtime-helpers',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]/, code: '#region \\0@oxc-project+runtime@' },
      handler: (code) => withSharedRuntimeHelpers(code),
    },
  }
}
