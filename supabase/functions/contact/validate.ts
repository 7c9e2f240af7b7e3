/**
 * The contact form's rules, as one valibot schema: the function enforces them, the form
 * (src/pages/ContactPage.tsx) shows them early, with the same words.
 */
import * as v from 'valibot'
import { EMAIL_HINT, isEmailAddress } from '../_shared/email.ts'
import type { FieldErrors } from '../_shared/fieldErrors.ts'

/** A form field as typed: surrounding spaces dropped, anything that is not text read as empty. */
const typedText = v.pipe(
  v.unknown(),
  v.transform((input) => (typeof input === 'string' ? input.trim() : '')),
)

const ContactMessageSchema = v.object({
  name: v.pipe(
    typedText,
    v.nonEmpty('Enter your name.'),
    v.maxLength(200, 'Use at most 200 characters for your name.'),
  ),
  email: v.pipe(typedText, v.check(isEmailAddress, EMAIL_HINT)),
  message: v.pipe(
    typedText,
    v.nonEmpty('Write a message.'),
    v.maxLength(5000, 'Keep the message under 5,000 characters.'),
  ),
})

export type ContactMessage = v.InferOutput<typeof ContactMessageSchema>

export type ContactErrors = FieldErrors<keyof ContactMessage>

/** The message as it will be stored, or the first problem of each field that has one. */
export function validateContact(
  body: Record<string, unknown>,
): { ok: true; value: ContactMessage } | { ok: false; errors: ContactErrors } {
  const result = v.safeParse(ContactMessageSchema, body, { abortPipeEarly: true })
  if (result.success) return { ok: true, value: result.output }
  const errors: ContactErrors = {}
  for (const [field, messages] of Object.entries(v.flatten(result.issues).nested ?? {}))
    errors[field as keyof ContactMessage] = messages?.[0]
  return { ok: false, errors }
}
