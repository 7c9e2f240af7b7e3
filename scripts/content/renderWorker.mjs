// Worker threads cannot load TypeScript by themselves: register tsx, then load the real worker.
import { register } from 'tsx/esm/api'

register()
await import('./renderWorker.ts')
