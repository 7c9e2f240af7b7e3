/** The contact form's rules: the function enforces them, the form (src/pages/ContactPage.tsx) shows them early. */
import { EMAIL_HINT, isEmailAddress } from '../_shared/email.ts'
import type { FieldErrors } from '../_shared/fieldErrors.ts'

export interface ContactMessage {
  name: string
  email: string
  message: string
}

export type ContactErrors = FieldErrors<keyof ContactMessage>

export function validateContact(body: Record<string, unknown>): {
  value: ContactMessage
  errors: ContactErrors
} {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '')
  const value = { name: text('name'), email: text('email'), message: text('message') }
  const errors: ContactErrors = {}
  if (!value.name) errors.name = 'Enter your name.'
  else if (value.name.length > 200) errors.name = 'Use at most 200 characters for your name.'
  if (!isEmailAddress(value.email)) errors.email = EMAIL_HINT
  if (!value.message) errors.message = 'Write a message.'
  else if (value.message.length > 5000) errors.message = 'Keep the message under 5,000 characters.'
  return { value, errors }
}
