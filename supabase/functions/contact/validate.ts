/** The contact form's rules: the function enforces them, the form (src/pages/ContactPage.tsx) shows them early. */
export interface ContactMessage {
  name: string
  email: string
  message: string
}

export type FieldErrors = Partial<Record<keyof ContactMessage, string>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function validateContact(body: Record<string, unknown>): {
  value: ContactMessage
  errors: FieldErrors
} {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).trim() : '')
  const value = { name: text('name'), email: text('email'), message: text('message') }
  const errors: FieldErrors = {}
  if (!value.name) errors.name = 'Enter your name.'
  else if (value.name.length > 200) errors.name = 'Use at most 200 characters for your name.'
  if (!EMAIL.test(value.email) || value.email.length > 320)
    errors.email = 'Enter an email address like you@example.com.'
  if (!value.message) errors.message = 'Write a message.'
  else if (value.message.length > 5000) errors.message = 'Keep the message under 5,000 characters.'
  return { value, errors }
}
