/** The one dotenv reader (scripts/config/envFiles.ts) layers files exactly as Vite does. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadEnv } from 'vite'
import { loadBuildEnv, readEnvFile } from '../../../scripts/config/envFiles.ts'

let root: string
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'folio-env-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

describe('readEnvFile', () => {
  it('reads quoted values and comments as dotenv does, and nothing from a missing file', async () => {
    const file = path.join(root, '.env')
    await writeFile(file, '# a comment\nA=plain\nB="two words"\nC=\'single\'\nD=\n')
    expect(readEnvFile(file)).toEqual({ A: 'plain', B: 'two words', C: 'single', D: '' })
    expect(readEnvFile(path.join(root, 'absent'))).toEqual({})
  })
})

describe('loadBuildEnv', () => {
  it("layers .env, .env.local, .env.<mode>, .env.<mode>.local and the environment as Vite's loadEnv", async () => {
    await writeFile(path.join(root, '.env'), 'VITE_A=env\nVITE_B=env\nVITE_C=env\nOTHER=x\n')
    await writeFile(path.join(root, '.env.local'), 'VITE_B=local\n')
    await writeFile(path.join(root, '.env.production'), 'VITE_C=mode\nVITE_D=mode\n')
    await writeFile(path.join(root, '.env.production.local'), 'VITE_D=mode-local\n')
    await writeFile(path.join(root, '.env.development'), 'VITE_E=other-mode\n')
    const processEnv = { VITE_A: 'shell', PATH: '/bin' }
    const ours = loadBuildEnv('production', root, processEnv)
    expect(ours).toEqual({ VITE_A: 'shell', VITE_B: 'local', VITE_C: 'mode', VITE_D: 'mode-local' })

    const saved = process.env.VITE_A
    process.env.VITE_A = 'shell'
    try {
      // Vitest itself puts .env's VITE_ values into process.env: both readers see the same.
      expect(loadBuildEnv('production', root)).toEqual(loadEnv('production', root, 'VITE_'))
    } finally {
      if (saved === undefined) delete process.env.VITE_A
      else process.env.VITE_A = saved
    }
  })
})
