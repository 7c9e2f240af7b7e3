/** Entry of `npm run deploy` (see scripts/publish/cli.ts and "Deploying" in README.md). */
import { runDeployCommand } from './cli.ts'

process.exitCode = await runDeployCommand(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
})
