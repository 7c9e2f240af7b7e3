/**
 * The libraries' inlined copies of @oxc-project/runtime's helpers become imports of the one
 * installed copy (scripts/vite/sharedRuntimeHelpersPlugin.ts). The client's behaviour with them
 * is the end-to-end suite's to show (signing in, saving, attachments).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import {
  RUNTIME_VERSION,
  withSharedRuntimeHelpers,
} from '../../../scripts/vite/sharedRuntimeHelpersPlugin.ts'

const require = createRequire(import.meta.url)

/** The files of the supabase client that inline the helpers, as the browser build reads them. */
const INLINING = ['@supabase/supabase-js', '@supabase/postgrest-js', '@supabase/storage-js'].map(
  (name) => require.resolve(name).replace(/index\.cjs$/, 'index.mjs'),
)

describe("the libraries' runtime helpers", () => {
  it('leave no inlined copy in the supabase client, and import each helper they call', () => {
    for (const file of INLINING) {
      const code = readFileSync(file, 'utf8')
      expect(code, file).toContain(`@oxc-project+runtime@${RUNTIME_VERSION}/helpers/`)
      const shared = withSharedRuntimeHelpers(code)
      expect(shared, file).not.toContain('#region \\0@oxc-project+runtime@')
      expect(shared, file).not.toMatch(/^function (_objectSpread2|_defineProperty|ownKeys)\(/m)
      expect(shared, file).toContain(
        "import _objectSpread2 from '@oxc-project/runtime/helpers/objectSpread2';",
      )
    }
  })

  it('keeps a region of another runtime version, or one it cannot name', () => {
    const region = (version: string, helper: string, body: string) =>
      `a();\n//#region \\0@oxc-project+runtime@${version}/helpers/${helper}.js\n${body}\n//#endregion\nb();\n`
    const other = region('0.1.0', 'typeof', 'function _typeof(o) {\n\treturn typeof o;\n}')
    expect(withSharedRuntimeHelpers(other)).toBe(other)
    const unnamed = region(RUNTIME_VERSION, 'typeof', 'const x = 1;')
    expect(withSharedRuntimeHelpers(unnamed)).toBe(unnamed)
    expect(
      withSharedRuntimeHelpers(
        region(RUNTIME_VERSION, 'typeof', 'function _typeof(o) {\n\treturn typeof o;\n}'),
      ),
    ).toBe("a();\nimport _typeof from '@oxc-project/runtime/helpers/typeof';\nb();\n")
  })
})
