/**
 * The import boundaries bite: each case lints one import through ESLint's Node API with the
 * repository's own eslint.config.js, as `npm run lint` does, from a file at the given path.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const eslint = new ESLint({ cwd: repoRoot })

// The first lint loads the whole configuration (typescript-eslint included): slow on a busy
// machine, so it happens here rather than inside the first test's time limit.
beforeAll(
  () => eslint.lintText('export {}\n', { filePath: path.join(repoRoot, 'src/probe.ts') }),
  120_000,
)

/** The boundary messages ESLint reports for `code` in a file at `file` (repository path). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {}\n`, {
    filePath: path.join(repoRoot, file),
  })
  return result!.messages
    .filter((message) => message.ruleId === 'folio/import-boundaries')
    .map((message) => message.message)
}

describe('features', () => {
  it('may not reach into another feature', async () => {
    const errors = await boundaryErrors(
      'src/features/billing/probe.ts',
      "import { readStoredSession } from '../auth/session'",
    )
    expect(errors).toEqual([
      'Use src/features/auth through its public entry (index.ts, account.ts, shell.ts, LoginPanel.ts, ConfirmPanel.ts), not session.',
    ])
  })

  it('may not get around it with a re-export or a dynamic import', async () => {
    expect(
      await boundaryErrors(
        'src/features/workspace/probe.ts',
        "export * from '../billing/stripeJs'",
      ),
    ).toHaveLength(1)
    expect(
      await boundaryErrors(
        'src/features/workspace/preview/probe.ts',
        "export const load = () => import('../../content/markdown')",
      ),
    ).toHaveLength(1)
  })

  it('use each other through their entries, and their own modules freely', async () => {
    expect(
      await boundaryErrors(
        'src/features/billing/probe.ts',
        "import { loadSupabase } from '../auth'",
      ),
    ).toEqual([])
    expect(
      await boundaryErrors(
        'src/features/workspace/preview/probe.ts',
        "import { SHIKI_THEMES } from '../../content/pipeline'\nimport { ATTACHMENTS_BUCKET } from '../attachments'",
      ),
    ).toEqual([])
  })
})

describe('pages', () => {
  it('compose features through their entries only', async () => {
    expect(
      await boundaryErrors(
        'src/pages/Probe.tsx',
        "import { Workspace } from '../features/workspace/Workspace'",
      ),
    ).toHaveLength(1)
    expect(
      await boundaryErrors(
        'src/pages/Probe.tsx',
        "import { Workspace } from '../features/workspace'",
      ),
    ).toEqual([])
  })
})

describe('the shell and shared code', () => {
  it('import no feature, not even through its entry', async () => {
    for (const file of ['src/lib/probe.ts', 'src/components/Probe.tsx', 'src/app/probe.ts'])
      expect(
        await boundaryErrors(file, "import { useAuthState } from '../features/auth'"),
      ).toHaveLength(1)
  })
})

describe('edge functions', () => {
  it('import nothing from src', async () => {
    const errors = await boundaryErrors(
      'supabase/functions/contact/probe.ts',
      "import { safeRedirect } from '../../../src/lib/urlSafety.ts'",
    )
    expect(errors[0]).toMatch(/^Edge functions are deployed on their own/)
  })
})

describe('the local stand-ins', () => {
  it('are used through their entry', async () => {
    expect(
      await boundaryErrors(
        'tests/e2e/probe.ts',
        "import { startBackend } from '../../scripts/local/supabase/startBackend.ts'",
      ),
    ).toEqual([
      'Use the local supabase stand-in through scripts/local/supabase/index.ts, not startBackend.',
    ])
    expect(
      await boundaryErrors(
        'tests/e2e/probe.ts',
        "import { startBackend } from '../../scripts/local/supabase/index.ts'",
      ),
    ).toEqual([])
  })

  it('give the build nothing but the development keys', async () => {
    expect(
      await boundaryErrors(
        'scripts/build/probe.ts',
        "import { defaultOptions } from '../local/supabase/index.ts'",
      ),
    ).toEqual([
      'The build imports nothing of the local stand-ins but scripts/local/supabase/devKeys.ts.',
    ])
    expect(
      await boundaryErrors(
        'scripts/build/probe.ts',
        "import { LOCAL_JWT_SECRET } from '../local/supabase/devKeys.ts'",
      ),
    ).toEqual([])
  })
})
