import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import folioLint from './scripts/lint/importBoundaries.js'

const noUseId = {
  name: 'react',
  importNames: ['useId'],
  message: 'Prerendered with React, hydrated with Preact: useId differs between them. Derive the id from props (see src/components/Field.tsx).',
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.cache', '.folio-data', '.vite-react-ssg-temp', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Features, pages, the shell, shared code, edge functions and the local stand-ins import
    // each other only along the arrows in scripts/lint/importBoundaries.js.
    files: ['**/*.{ts,tsx}'],
    plugins: { folio: folioLint },
    rules: { 'folio/import-boundaries': 'error' },
  },
  {
    // The prerender runs React and the browser Preact: their useId values differ, so an id made
    // with it does not survive hydration (docs/decisions/0019).
    files: ['src/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noUseId] }],
    },
  },
)
