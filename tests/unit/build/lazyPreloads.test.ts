import { describe, expect, it } from 'vitest'
import { dropLazyPreloads, type ViteManifest } from '../../../scripts/build/frameworkPreloads.ts'

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/app.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['node_modules/react-dom/client.js', 'src/pages/DashboardPage.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  'node_modules/react-dom/client.js': { file: 'assets/client.js', imports: ['_react.js'] },
  'src/pages/DashboardPage.tsx': {
    file: 'assets/DashboardPage.js',
    imports: ['_react.js', '_auth.js'],
    dynamicImports: ['src/features/workspace/editor/createMarkdownEditor.ts', 'src/preview.ts'],
  },
  '_auth.js': { file: 'assets/auth.js' },
  'src/features/workspace/editor/createMarkdownEditor.ts': {
    file: 'assets/createMarkdownEditor.js',
    imports: ['_codemirror.js'],
  },
  '_codemirror.js': { file: 'assets/codemirror.js' },
  'src/preview.ts': { file: 'assets/preview.js', assets: ['assets/previewWorker.js'] },
}

const link = (file: string) => `<link rel="modulepreload" crossorigin="" href="/${file}">`

describe('dropLazyPreloads', () => {
  it('keeps what the page needs to hydrate and drops what it loads on demand', () => {
    const all = [
      'assets/react.js',
      'assets/client.js',
      'assets/DashboardPage.js',
      'assets/auth.js',
      'assets/createMarkdownEditor.js',
      'assets/codemirror.js',
      'assets/preview.js',
      'assets/previewWorker.js',
      'assets/not-in-manifest.js',
    ]
    const html = `<head>${all.map(link).join('')}</head>`
    const kept = [...dropLazyPreloads(html, manifest).matchAll(/href="\/([^"]+)"/g)].map(
      (m) => m[1],
    )
    expect(kept).toEqual([
      'assets/react.js',
      'assets/client.js',
      'assets/DashboardPage.js',
      'assets/auth.js',
      'assets/not-in-manifest.js',
    ])
  })
})
