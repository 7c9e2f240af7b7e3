/**
 * The variables an npm script sets before its command (`A=1 B=2 command …`), so the bench can
 * run the build's command itself, to measure its process, with the environment
 * `npm run build` gives it.
 */
export function npmScriptEnv(script: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const word of script.trim().split(/\s+/)) {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/.exec(word)
    if (!assignment) break
    env[assignment[1] as string] = assignment[2] as string
  }
  return env
}
