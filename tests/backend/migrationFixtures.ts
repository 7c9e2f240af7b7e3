import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const realMigrations = path.join(here, '../../supabase/migrations')
const fixtures = path.join(here, 'fixtures/migrations')

/**
 * A migrations folder holding the real migrations plus the named fixtures from
 * fixtures/migrations, which sort among them by their timestamps (before, to set up a state the
 * hosted project may be in; after, to add a test table). `remove` deletes the folder.
 */
export function migrationsWith(...fixtureFiles: string[]): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-migrations-'))
  for (const file of readdirSync(realMigrations))
    cpSync(path.join(realMigrations, file), path.join(dir, file))
  for (const file of fixtureFiles) cpSync(path.join(fixtures, file), path.join(dir, file))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
