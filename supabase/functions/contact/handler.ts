/**
 * POST { name, email, message } from the public contact form (anon key) → 201, or 400 with
 * per-field errors, 413 for a body far larger than any message, or 429 when this address or
 * this network sent too many messages in the last hour, or everyone together did and this
 * sender already wrote (counted by the database trigger in the contact migrations; ./limits.ts
 * names the numbers and says why). Only this
 * function (service role) can write contact_messages, so these limits have no way around them.
 */
import { clientAddress } from '../_shared/clientAddress.ts'
import { requireEnv } from '../_shared/env.ts'
import { HttpError, endpoint, errorResponse, json, readJsonBody } from '../_shared/http.ts'
import { serviceClient } from '../_shared/supabase.ts'
import { CONTACT_MAX_BODY_BYTES } from './limits.ts'
import { validateContact } from './validate.ts'

/**
 * The sender's network as the limits count it, without keeping the address: an HMAC keyed
 * with the service role's key. A plain hash of an IPv4 address is reversed by hashing all 2³²
 * of them, by anyone who can read the table (a backup, a read-only dashboard user); this one
 * needs the function's secret. A new key starts the hourly counts afresh, which is harmless.
 */
async function networkHash(network: string): Promise<string> {
  const encoder = new TextEncoder()
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(requireEnv('SUPABASE_SERVICE_ROLE_KEY')),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const digest = await crypto.subtle.sign('HMAC', key, encoder.encode(`folio-contact:${network}`))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The trigger's PT429 messages (contact migrations) → what the sender is told. */
function rateLimited(databaseMessage: string): Response {
  const everyone = /everyone/i.test(databaseMessage)
  return errorResponse(
    429,
    'rate_limited',
    everyone
      ? 'We are receiving an unusual number of messages right now. Please try again in an hour.'
      : 'You have sent several messages in the last hour. Please try again later.',
    { 'retry-after': '3600' },
  )
}

export const handler = endpoint(async (req) => {
  const body = await readJsonBody(req, {
    maxBytes: CONTACT_MAX_BODY_BYTES,
    tooLargeMessage: 'Your message is too long. Keep it under 5,000 characters.',
  })
  // A field people never see: bots fill it in. They get a success and nothing is stored.
  if (typeof body.website === 'string' && body.website !== '') return json(201, { sent: true })
  const checked = validateContact(body)
  if (!checked.ok)
    return json(400, {
      error: 'Please check the highlighted fields.',
      code: 'invalid_fields',
      fields: checked.errors,
    })

  // Without a usable address every such request shares one bucket: the limit still holds.
  const network = clientAddress(req) ?? 'unknown'
  const { error } = await serviceClient()
    .from('contact_messages')
    .insert({ ...checked.value, sender_hash: await networkHash(network) })
  if (error?.code === 'PT429') return rateLimited(error.message)
  if (error)
    throw new HttpError(500, 'internal', `We could not store your message. Please try again.`)
  return json(201, { sent: true })
})
