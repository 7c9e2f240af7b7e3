/**
 * `npm run deploy`: flags and environment in, an exit code out. Kept apart from main.ts so the
 * tests run the whole command in-process against a local S3 server.
 */
import { BuildError } from './buildFiles.ts'
import { ConfigError, USAGE, parseDeployFlags, readStorageTarget } from './config.ts'
import { DeployFailed, deploy } from './deploy.ts'
import { StorageError, createS3Store } from './objectStore.ts'

export interface CliIo {
  out: (line: string) => void
  err: (line: string) => void
  /** The deploy's clock; tests move it forward past the grace period. */
  now?: () => Date
}

export async function runDeployCommand(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  try {
    const flags = parseDeployFlags(argv, env)
    if (flags.help) {
      io.out(USAGE)
      return 0
    }
    const store = createS3Store(readStorageTarget(env))
    await deploy({ ...flags, store, log: io.out, now: io.now })
    return 0
  } catch (error) {
    const known = [ConfigError, BuildError, StorageError, DeployFailed].some(
      (kind) => error instanceof kind,
    )
    // Expected failures get their message only; anything else keeps its stack for debugging.
    io.err(known ? `\n${(error as Error).message}` : String((error as Error).stack ?? error))
    return 1
  }
}
