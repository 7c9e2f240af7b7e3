/**
 * The libraries' inlined copies of the object-spread helpers become imports of the bundler's own
 * copy (scripts/vite/sharedRuntimeHelpersPlugin.ts), which must be the same code. The client's
 * behaviour with them is the end-to-end suite's to show (signing in, saving, attachments).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { rolldown } from 'rolldown'
import { describe, expect, it } from 'vitest'
import {
  SHARED_HELPERS,
  withSharedRuntimeHelpers,
} from '../../../scripts/vite/sharedRuntimeHelpersPlugin.ts'

const require = createRequire(import.meta.url)

/** The files of the supabase client that inline the helpers, as the browser build reads them. */
const INLINING = ['@supabase/supabase-js', '@supabase/postgrest-js', '@supabase/storage-js'].map(
  (name) => require.resolve(name).replace(/index\.cjs$/, 'index.mjs'),
)

/** A helper's code with comments, blank lines, indentation and the bundler's renames left out. */
function comparable(code: string): string[] {
  return code
    .split('\n')
    .map((line) => line.trim().replace(/\$\d+\b/g, ''))
    .filter((line) => line && !line.startsWith('//') && !line.startsWith('import '))
}

/** The helpers one region after another, as a library's file inlined them. */
function inlinedHelpers(file: string): string[] {
  const code = readFileSync(file, 'utf8')
  const regions = [
    ...code.matchAll(
      /\/\/#region \\0@oxc-project\+runtime@[\d.]+\/helpers\/(\w+)\.js\n([\s\S]*?)\/\/#endregion\n/g,
    ),
  ]
  expect(regions.map((region) => region[1])).toEqual([...SHARED_HELPERS])
  return comparable(regions.map((region) => region[2]).join('\n'))
}

/** The same helpers as the bundler supplies them for `import … from '@oxc-project/runtime/…'`. */
async function bundlersHelpers(): Promise<string[]> {
  const entry = 'virtual:helpers'
  const bundle = await rolldown({
    input: entry,
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry
            ? `import h from '@oxc-project/runtime/helpers/objectSpread2'\nglobalThis.h = h\n`
            : null,
      },
    ],
  })
  const { output } = await bundle.generate({ format: 'es' })
  return comparable((output[0]?.code ?? '').replace(/globalThis\.h = [\s\S]*$/, ''))
}

describe("the libraries' object-spread helpers", () => {
  it('leave no inlined copy in the supabase client, and import each helper they call', () => {
    for (const file of INLINING) {
      const shared = withSharedRuntimeHelpers(readFileSync(file, 'utf8'))
      expect(shared, file).not.toContain('#region \\0@oxc-project+runtime@')
      expect(shared, file).not.toMatch(/^function (_objectSpread2|_defineProperty|ownKeys)\(/m)
      expect(shared, file).toContain(
        "import _objectSpread2 from '@oxc-project/runtime/helpers/objectSpread2';",
      )
    }
  })

  it("are the same code as the bundler's own copy, which replaces them", async () => {
    const bundlers = await bundlersHelpers()
    expect(bundlers.length).toBeGreaterThan(20)
    for (const file of INLINING) expect(inlinedHelpers(file), file).toEqual(bundlers)
  })

  it('keeps a region of another helper, or one it cannot name', () => {
    const region = (helper: string, body: string) =>
      `a();\n//#region \\0@oxc-project+runtime@0.1.0/helpers/${helper}.js\n${body}\n//#endregion\nb();\n`
    const other = region('asyncToGenerator', 'function _asyncToGenerator(n) {\n\treturn n;\n}')
    expect(withSharedRuntimeHelpers(other)).toBe(other)
    const unnamed = region('typeof', 'const x = 1;')
    expect(withSharedRuntimeHelpers(unnamed)).toBe(unnamed)
    expect(
      withSharedRuntimeHelpers(region('typeof', 'function _typeof(o) {\n\treturn typeof o;\n}')),
    ).toBe("a();\nimport _typeof from '@oxc-project/runtime/helpers/typeof';\nb();\n")
  })
})
