/**
 * The Astro 7 peer blog (`../shared/peers`, or FOLIO_PEERS_DIR), built on the very posts the
 * bench generated, so Folio is always compared with Astro on the same machine in the same run:
 * this shared machine's absolute speed drifts by a third from one hour to the next, ratios don't.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

export interface PeerRun {
  seconds: number
  peakMb: number
  /** The peer's dist/, to weigh its pages against ours. */
  dist: string
}

export function peerScript(repoRoot: string): string {
  return path.resolve(
    process.env.FOLIO_PEERS_DIR ?? path.join(repoRoot, '..', 'shared', 'peers'),
    'astro-build.sh',
  )
}

export function peerAvailable(script: string): boolean {
  return existsSync(script)
}

/** Runs `astro-build.sh POSTS_DIR` (cold: it clears Astro's caches) and reads its JSON line. */
export function buildPeer(script: string, postsDir: string): Promise<PeerRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script, postsDir], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('exit', (code) => {
      const line = stdout.trim().split('\n').at(-1) ?? ''
      if (code !== 0 || !line.startsWith('{')) {
        return reject(new Error(`the Astro peer failed (${code}):\n${stderr.slice(-2000)}`))
      }
      const result = JSON.parse(line) as { seconds: number; peak_mb: number; dist: string }
      resolve({ seconds: result.seconds, peakMb: result.peak_mb, dist: result.dist })
    })
  })
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}
