/**
 * `npm run preview`: serve dist/ like the CDN does, with exactly the security headers the build
 * emitted for it (dist/.folio/headers.json, see scripts/build/securityHeaders.ts).
 */
import { readHeaderSet } from '../build/securityHeaders.ts'
import { startStaticServer } from './staticServer.ts'
import { portFlag, readCommandLine, readFlags } from '../cliFlags.ts'

const values = readCommandLine({
  usage: `Usage: npm run preview -- [flags]
  --port <n>               port to listen on; 0 takes a free one (default 4173)
  --dir <folder>           the built site (default dist)
  --host <address>         address to bind (default 127.0.0.1)
  --gzip                   compress answers, as the CDN does
  --no-security-headers    leave out the headers the build emitted`,
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
