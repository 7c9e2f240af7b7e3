/**
 * One copy of the object-spread helpers that libraries' own builds inlined.
 *
 * supabase-js, postgrest-js and storage-js are each built with oxc's transform, which wrote
 * object spread and class fields as calls to `@oxc-project/runtime`'s `objectSpread2` and
 * `defineProperty`, and each package's `dist/index.mjs` inlined those helpers with the three they
 * use (`typeof`, `toPrimitive`, `toPropertyKey`). So the chunk every note loads held three
 * copies: 0.9 KB gzip. The bundler that inlined them marked each with a `//#region` naming the
 * helper's module (`\0@oxc-project+runtime@0.103.0/helpers/objectSpread2.js`). Rolldown, which
 * builds this site, answers an import of `@oxc-project/runtime/helpers/<name>` with its own
 * copy of the same runtime, the one it gives our code when it lowers syntax. Here each such
 * region of the five helpers becomes that import, and the bundle keeps one copy. Nothing else in
 * a library is touched; tests/unit/build/sharedRuntimeHelpers.test.ts checks that the bundler's
 * copies are the same code as the regions they replace.
 */
import type { Plugin } from 'vite'

/** The helpers replaced: object spread's, which every version of the runtime writes alike. */
export const SHARED_HELPERS = [
  'typeof',
  'toPrimitive',
  'toPropertyKey',
  'defineProperty',
  'objectSpread2',
] as const

const REGION =
  /\/\/#region \\0@oxc-project\+runtime@[\d.]+\/helpers\/(\w+)\.js\n([\s\S]*?)\/\/#endregion\n/g

/**
 * `code` with each inlined copy of a shared helper replaced by an import of the runtime's module,
 * under the name the region declared it by (`_objectSpread2` for `objectSpread2`). A region of
 * another helper, or whose helper is not declared under such a name, is kept.
 */
export function withSharedRuntimeHelpers(code: string): string {
  return code.replace(REGION, (region, helper: string, body: string) => {
    if (!(SHARED_HELPERS as readonly string[]).includes(helper)) return region
    const declared = [...body.matchAll(/^function (\w+)\(/gm)].map((match) => match[1] as string)
    const name = declared.find((local) => local.replace(/^_/, '') === helper)
    return name ? `import ${name} from '@oxc-project/runtime/helpers/${helper}';\n` : region
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
