import { readFile, writeFile } from 'node:fs/promises'

/**
 * Sets the given variables in a dotenv file, keeping every other line as it was.
 * Only public values belong here (the site bundles them): never the service key.
 */
export async function updateEnvFile(file: string, values: Record<string, string>): Promise<void> {
  const existing = await readFile(file, 'utf8').catch(() => '')
  const lines = existing
    .split('\n')
    .filter((line, i, all) => !(i === all.length - 1 && line === ''))
  const pending = new Map(Object.entries(values))
  const updated = lines.map((line) => {
    const key = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1]
    if (key && pending.has(key)) {
      const value = pending.get(key)!
      pending.delete(key)
      return `${key}=${value}`
    }
    return line
  })
  for (const [key, value] of pending) updated.push(`${key}=${value}`)
  await writeFile(file, `${updated.join('\n')}\n`)
}
