import { handler } from './handler.ts'

declare const Deno: { serve(handler: (req: Request) => Promise<Response>): void }
Deno.serve(handler)
