import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { npmScriptEnv } from '../../../scripts/bench/npmScriptEnv.ts'

describe('npmScriptEnv', () => {
  it('reads the assignments before the command, and nothing after it', () => {
    expect(npmScriptEnv('A=1 B_2=x run --flag C=3')).toEqual({ A: '1', B_2: 'x' })
    expect(npmScriptEnv('EMPTY= run')).toEqual({ EMPTY: '' })
    expect(npmScriptEnv('run A=1')).toEqual({})
  })

  it('gives the bench the environment of npm run build', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: { build: string }
    }
    expect(npmScriptEnv(scripts.build)).toMatchObject({
      NODE_ENV: 'production',
      // Rolldown's allocator returns memory to the system (decision 0011).
      MIMALLOC_ARENA_EAGER_COMMIT: '0',
      MIMALLOC_PURGE_DELAY: '0',
      // One V8 helper thread: the render threads keep every core busy (decision 0039).
      NODE_OPTIONS: '--v8-pool-size=1',
    })
  })
})
