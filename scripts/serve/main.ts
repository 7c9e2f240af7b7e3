/** `npm run preview`: serve dist/ like the CDN does. Flags: --port N, --dir D, --gzip. */
import { parseArgs } from 'node:util'
import { startStaticServer } from './staticServer.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4173' },
    dir: { type: 'string', default: 'dist' },
    host: { type: 'string', default: '127.0.0.1' },
    gzip: { type: 'boolean', default: false },
  },
})

const { url } = await startStaticServer({
  root: values.dir,
  port: Number(values.port),
  host: values.host,
  gzip: values.gzip,
})
console.log(`Serving ${values.dir}/ at ${url} (no SPA fallback, like the CDN)`)
