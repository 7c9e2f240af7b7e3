/**
 * The build id: one per build, shared by the client and server passes (vite-react-ssg loads the
 * config once per pass, in one process, so the environment carries it across). The app reads it
 * as __FOLIO_BUILD_ID__ to compare with builds/latest.json (src/app/buildCheck.ts).
 */
import { randomBytes } from 'node:crypto'
import type { Plugin } from 'vite'

export function buildId(): string {
  process.env.FOLIO_BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`
  return process.env.FOLIO_BUILD_ID
}

export function buildIdPlugin(): Plugin {
  return {
    name: 'folio:build-id',
    config() {
      return { define: { __FOLIO_BUILD_ID__: JSON.stringify(buildId()) } }
    },
  }
}
