/**
 * POST { name, email, message } from the public contact form (anon key) → 201, or 400 with
 * per-field errors, or 429 when this address or network sent too many messages in the last
 * hour (counted by the database trigger in the contact_messages migration).
 */
import { HttpError, endpoint, errorResponse, json, readJsonBody } from '../_shared/http.ts'
import { serviceClient } from '../_shared/supabase.ts'
import { validateContact } from './validate.ts'

/** The caller's address as the platform's proxy reports it; unknown when run without one. */
function clientIp(req: Request): string | null {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  return forwarded || req.headers.get('x-real-ip') || null
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

export const handler = endpoint(async (req) => {
  const body = await readJsonBody(req)
  // A field people never see: bots fill it in. They get a success and nothing is stored.
  if (typeof body.website === 'string' && body.website !== '') return json(201, { sent: true })
  const { value, errors } = validateContact(body)
  if (Object.keys(errors).length > 0)
    return json(400, {
      error: 'Please check the highlighted fields.',
      code: 'invalid_fields',
      fields: errors,
    })

  const ip = clientIp(req)
  const { error } = await serviceClient()
    .from('contact_messages')
    .insert({ ...value, sender_hash: ip ? await sha256(`folio-contact:${ip}`) : null })
  if (error?.code === 'PT429')
    return errorResponse(
      429,
      'rate_limited',
      'You have sent several messages in the last hour. Please try again later.',
      {
        'retry-after': '3600',
      },
    )
  if (error)
    throw new HttpError(500, 'internal', `We could not store your message. Please try again.`)
  return json(201, { sent: true })
})
