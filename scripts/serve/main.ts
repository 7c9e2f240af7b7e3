/**
 * `npm run preview`: serve dist/ like the CDN does, with exactly the security headers the build
 * emitted for it (dist/.folio/headers.json, see scripts/build/securityHeaders.ts).
 * Flags: --port N, --dir D, --gzip, --no-security-headers.
 */
import { parseArgs } from 'node:util'
import { readHeaderSet } from '../build/securityHeaders.ts'
import { startStaticServer } from './staticServer.ts'
import { portFlag, readFlags } from '../cliFlags.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4173' },
    dir: { type: 'string', default: 'dist' },
    host: { type: 'string', default: '127.0.0.1' },
    gzip: { type: 'boolean', default: false },
    'no-security-headers': { type: 'boolean', default: false },
  },
})

// Port 0: any free port (the line below names it).
const port = readFlags(() => portFlag('--port', values.port, { min: 0 }))
const { url } = await startStaticServer({
  root: values.dir,
  port,
  host: values.host,
  gzip: values.gzip,
  headers: values['no-security-headers'] ? {} : (await readHeaderSet(values.dir)).headers,
})
console.log(`Serving ${values.dir}/ at ${url} (no SPA fallback, like the CDN)`)
