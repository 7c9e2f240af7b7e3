import { describe, expect, it } from 'vitest'
import { recordStaticImports, routePreloads } from '../../../scripts/vite/routePreloads.ts'

const deps = ['assets/Seo-7k8jcbCE.js', 'assets/content-hrL6n_QF.css', 'assets/pages-CSAbWSIx.css']

describe('the files preloaded beside a dynamic import', () => {
  it('are only the stylesheets for the route table in the entry chunk', () => {
    const fromEntry = { hostId: 'assets/app-DzTPsGPo.js', hostType: 'js' as const }
    expect(routePreloads('assets/AboutPage-CpBJH13p.js', deps, fromEntry)).toEqual([
      'assets/content-hrL6n_QF.css',
      'assets/pages-CSAbWSIx.css',
    ])
  })

  it("are only the stylesheets for the sign-in page's later forms, fetched after hydration", () => {
    const fromLogin = { hostId: 'assets/LoginPage-B4833Ssf.js', hostType: 'js' as const }
    expect(routePreloads('assets/MfaChallengeForm-DUkGqNLV.js', deps, fromLogin)).toEqual([
      'assets/content-hrL6n_QF.css',
      'assets/pages-CSAbWSIx.css',
    ])
  })

  it('are all of them for imports made anywhere else', () => {
    for (const hostId of [
      'assets/createMarkdownEditor-CTkf2fg_.js',
      'assets/approve-Dk2.js',
      'assets/DashboardPage-DSaiNhLr.js',
    ])
      expect(routePreloads('assets/x-1.js', deps, { hostId, hostType: 'js' })).toEqual(deps)
    expect(
      routePreloads('assets/x-1.js', deps, { hostId: 'index.html', hostType: 'html' }),
    ).toEqual(deps)
  })
})

describe('the files preloaded beside an import made elsewhere', () => {
  const chunk = (fileName: string, imports: string[]) => ({ type: 'chunk', fileName, imports })
  recordStaticImports({
    'assets/DashboardPage-1.js': chunk('assets/DashboardPage-1.js', [
      'assets/framework-1.js',
      'assets/supabase-1.js',
    ]),
    'assets/framework-1.js': chunk('assets/framework-1.js', ['assets/rolldown-runtime-1.js']),
    'assets/supabase-1.js': chunk('assets/supabase-1.js', []),
    'assets/rolldown-runtime-1.js': chunk('assets/rolldown-runtime-1.js', []),
    'assets/app-1.css': { type: 'asset', fileName: 'assets/app-1.css' },
  })

  it('leave out what the importing chunk imports statically: it was loaded before it ran', () => {
    const editorDeps = [
      'assets/createMarkdownEditor-1.js',
      'assets/dist-1.js',
      'assets/framework-1.js',
      'assets/rolldown-runtime-1.js',
      'assets/supabase-1.js',
    ]
    const fromDashboard = { hostId: 'assets/DashboardPage-1.js', hostType: 'js' as const }
    expect(routePreloads('assets/createMarkdownEditor-1.js', editorDeps, fromDashboard)).toEqual([
      'assets/createMarkdownEditor-1.js',
      'assets/dist-1.js',
    ])
  })

  it('keep all of them for a chunk the bundle does not know', () => {
    const host = { hostId: 'assets/previewClient-1.js', hostType: 'js' as const }
    expect(routePreloads('assets/x-1.js', deps, host)).toEqual(deps)
  })
})
