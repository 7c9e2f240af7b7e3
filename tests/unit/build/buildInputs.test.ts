import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  fingerprintBuildInputs,
  fingerprintCodeInputs,
} from '../../../scripts/build/buildInputs.ts'

let root: string
let contentDir: string
const env = { NODE_ENV: 'production', VITE_SUPABASE_URL: 'https://x.supabase.co', HOME: '/root' }
const fingerprint = (overrides: Partial<{ env: NodeJS.ProcessEnv; contentDir: string }> = {}) =>
  fingerprintBuildInputs({ root, contentDir, env, ...overrides })

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'folio-inputs-'))
  contentDir = join(root, 'content')
  await mkdir(join(root, 'src', 'pages'), { recursive: true })
  await mkdir(join(root, 'scripts', 'build'), { recursive: true })
  await mkdir(join(contentDir, 'blog'), { recursive: true })
  await writeFile(join(root, 'src', 'pages', 'Home.tsx'), 'export const Home = () => null')
  await writeFile(join(root, 'scripts', 'build', 'finish.ts'), 'export const finish = 1')
  await writeFile(join(root, 'package-lock.json'), '{"lockfileVersion":3}')
  await writeFile(join(root, '.env'), 'VITE_STRIPE_PUBLISHABLE_KEY=pk_test_1')
  await writeFile(join(contentDir, 'blog', 'hello.md'), '---\ntitle: Hello\n---\nHi')
})
afterEach(() => rm(root, { recursive: true, force: true }))

describe('fingerprintBuildInputs', () => {
  it('is the same for the same inputs', () => {
    expect(fingerprint()).toMatch(/^[0-9a-f]{64}$/)
    expect(fingerprint()).toBe(fingerprint())
  })

  it.each([
    ['a source file changes', () => writeFile(join(root, 'src', 'pages', 'Home.tsx'), 'x')],
    ['a source file is added', () => writeFile(join(root, 'src', 'pages', 'About.tsx'), '')],
    ['the build code changes', () => writeFile(join(root, 'scripts', 'build', 'finish.ts'), '2')],
    [
      'a dependency is locked at another version',
      () => writeFile(join(root, 'package-lock.json'), '{"lockfileVersion":3,"x":1}'),
    ],
    [
      'a dependency is patched',
      async () => {
        await mkdir(join(root, 'patches'))
        await writeFile(join(root, 'patches', 'vite-react-ssg+0.9.2.patch'), 'diff')
      },
    ],
    [
      'a post changes',
      () => writeFile(join(contentDir, 'blog', 'hello.md'), '---\ntitle: Hello\n---\nHi!'),
    ],
    [
      'a post is renamed',
      async () => {
        await cp(join(contentDir, 'blog', 'hello.md'), join(contentDir, 'blog', 'hi.md'))
        await rm(join(contentDir, 'blog', 'hello.md'))
      },
    ],
    ['an .env file changes', () => writeFile(join(root, '.env'), 'VITE_STRIPE_PUBLISHABLE_KEY=2')],
    ['an .env file is added', () => writeFile(join(root, '.env.production.local'), 'VITE_X=1')],
  ])('changes when %s', async (_what, change) => {
    const before = fingerprint()
    await change()
    expect(fingerprint()).not.toBe(before)
  })

  it.each([
    ['a Vite variable', { VITE_SUPABASE_URL: 'https://y.supabase.co' }],
    ['a Folio variable', { FOLIO_DRAFTS: '1' }],
    ['the mode', { NODE_ENV: 'development' }],
  ])('changes with %s', (_what, changed) => {
    expect(fingerprint({ env: { ...env, ...changed } })).not.toBe(fingerprint())
  })

  it('ignores variables that only say where files go, and the build id it makes', () => {
    const moved = {
      ...env,
      FOLIO_CACHE_DIR: '/tmp/cache',
      FOLIO_OUT_DIR: '/tmp/out',
      FOLIO_CONTENT_FILE: '/tmp/site.json',
      FOLIO_BUILD_ID: 'abc',
      PATH: '/elsewhere',
    }
    expect(fingerprint({ env: moved })).toBe(fingerprint())
  })

  it('ignores the font files the build copies into public/', async () => {
    const before = fingerprint()
    await mkdir(join(root, 'public', 'fonts'), { recursive: true })
    await writeFile(join(root, 'public', 'fonts', 'inter.woff2'), 'wOF2')
    expect(fingerprint()).toBe(before)
    await writeFile(join(root, 'public', 'favicon.svg'), '<svg/>')
    expect(fingerprint()).not.toBe(before)
  })

  it('reads the content folder wherever it is, by what it holds', async () => {
    const elsewhere = join(root, 'elsewhere')
    await cp(contentDir, elsewhere, { recursive: true })
    expect(fingerprint({ contentDir: elsewhere })).toBe(fingerprint())
  })
})

describe('fingerprintCodeInputs', () => {
  const code = (changedEnv: NodeJS.ProcessEnv = env) =>
    fingerprintCodeInputs({ root, env: changedEnv })

  it('stays the same when only the content changes', async () => {
    const before = code()
    await writeFile(join(contentDir, 'blog', 'hello.md'), '---\ntitle: Hello\n---\nHi!')
    await writeFile(join(contentDir, 'blog', 'second.md'), '---\ntitle: Second\n---\nMore')
    expect(code()).toBe(before)
    expect(fingerprint()).not.toBe(before)
  })

  it('changes with the source, the build code, the lock file and the variables', async () => {
    const before = code()
    expect(code({ ...env, VITE_SUPABASE_URL: 'https://y.supabase.co' })).not.toBe(before)
    await writeFile(join(root, 'package-lock.json'), '{"lockfileVersion":3,"x":1}')
    const locked = code()
    expect(locked).not.toBe(before)
    await writeFile(join(root, 'src', 'pages', 'Home.tsx'), 'x')
    const edited = code()
    expect(edited).not.toBe(locked)
    await writeFile(join(root, 'scripts', 'build', 'finish.ts'), '2')
    expect(code()).not.toBe(edited)
  })
})
