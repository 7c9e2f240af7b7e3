import { describe, expect, it } from 'vitest'
import type { ResolvedConfig } from 'vite'
import { PREACT_DOM_CLIENT, preactClientPlugin } from '../../../scripts/vite/preactClientPlugin.ts'

type Consumer = 'client' | 'server'

/** Runs the plugin's resolveId as Vite would, recording what it asks Vite to resolve instead. */
async function resolveWith(command: 'build' | 'serve', consumer: Consumer, source: string) {
  const plugin = preactClientPlugin()
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void
  configResolved({ command } as ResolvedConfig)
  const asked: string[] = []
  const context = {
    environment: { config: { consumer } },
    resolve: async (id: string) => {
      asked.push(id)
      return { id: `/resolved/${id}` }
    },
  }
  const resolveId = plugin.resolveId as (
    this: typeof context,
    source: string,
    importer: string | undefined,
    options: { ssr?: boolean },
  ) => Promise<unknown>
  const result = await resolveId.call(context, source, '/src/main.tsx', {
    ssr: consumer === 'server',
  })
  return { result, asked }
}

describe('preactClientPlugin', () => {
  it('gives the browser build preact/compat for React and react-dom', async () => {
    for (const source of ['react', 'react-dom']) {
      const { asked } = await resolveWith('build', 'client', source)
      expect(asked).toEqual(['preact/compat'])
    }
    expect((await resolveWith('build', 'client', 'react/jsx-runtime')).asked).toEqual([
      'preact/compat/jsx-runtime',
    ])
  })

  it("gives vite-react-ssg React 18's root API on Preact, which reports hydration changes", async () => {
    const { asked } = await resolveWith('build', 'client', 'react-dom/client')
    expect(asked).toEqual([PREACT_DOM_CLIENT])
    expect(PREACT_DOM_CLIENT).toMatch(/src[\\/]app[\\/]runtime[\\/]reactDomClient\.ts$/)
  })

  it('leaves the prerender on React', async () => {
    for (const source of ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime']) {
      expect(await resolveWith('build', 'server', source)).toEqual({ result: null, asked: [] })
    }
  })

  it('leaves the dev server on React', async () => {
    expect(await resolveWith('serve', 'client', 'react')).toEqual({ result: null, asked: [] })
  })

  it('leaves every other module alone', async () => {
    expect(await resolveWith('build', 'client', 'react-router-dom')).toEqual({
      result: null,
      asked: [],
    })
  })
})
