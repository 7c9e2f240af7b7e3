import '../styles/forms.css'
import { useEffect, useRef, useState } from 'react'
import { supabaseConfig } from '../config'
import { PageHeader } from '../components/PageHeader'
import { Field } from '../components/Field'
import { FormMessage } from '../components/FormMessage'
import { Seo } from '../app/Seo'
import { useSafeNavigate } from '../app/useSafeNavigate'
import { validateContact, type ContactErrors } from '../../supabase/functions/contact/validate'
import { SubmitButton, refusedFormFocus } from '../components/SubmitButton'

type SendResult = { ok: true } | { ok: false; message: string; fields?: ContactErrors }

/**
 * Plain fetch with the public anon key: this page must not download supabase-js for one POST.
 */
async function sendContactMessage(body: Record<string, string>): Promise<SendResult> {
  const { url, anonKey } = supabaseConfig
  try {
    const response = await fetch(`${url}/functions/v1/contact`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    })
    if (response.ok) return { ok: true }
    const payload = (await response.json().catch(() => ({}))) as {
      error?: string
      fields?: ContactErrors
    }
    return {
      ok: false,
      message: payload.error ?? 'Your message could not be sent. Please try again.',
      fields: payload.fields,
    }
  } catch {
    return { ok: false, message: 'We could not reach Folio. Check your connection and try again.' }
  }
}

function ContactForm() {
  const navigate = useSafeNavigate()
  const [errors, setErrors] = useState<ContactErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const formElement = useRef<HTMLFormElement>(null)
  // As on the sign-in forms, a refusal gives the keyboard to the first field in error, or back to
  // the button. (A passive effect: useFocusOnShow here would cost /login a chunk of its own.)
  useEffect(() => {
    if (message) refusedFormFocus(formElement.current)?.focus()
  }, [errors, message])

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body = Object.fromEntries(
      ['name', 'email', 'message', 'website'].map((key) => [key, String(form.get(key) ?? '')]),
    )
    const checked = validateContact(body)
    if (!checked.ok) {
      setErrors(checked.errors)
      setMessage('Please check the highlighted fields.')
      return
    }
    setErrors({})
    setSending(true)
    setMessage(null)
    const result = await sendContactMessage(body)
    setSending(false)
    if (result.ok) return navigate('/success?from=contact')
    setErrors(result.fields ?? {})
    setMessage(result.message)
  }

  return (
    <form
      ref={formElement}
      className="form contact-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
    >
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      <Field label="Name" name="name" autoComplete="name" required error={errors.name} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
        hint="We answer to this address."
      />
      <div className={`field${errors.message ? ' field--invalid' : ''}`}>
        <label htmlFor="contact-message">Message</label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={5000}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
        />
        {errors.message ? (
          <p className="field__error" id="contact-message-error">
            {errors.message}
          </p>
        ) : null}
      </div>
      {/* Hidden from people (and assistive technology); bots fill it in and are ignored. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <SubmitButton disabled={sending}>{sending ? 'Sending…' : 'Send message'}</SubmitButton>
    </form>
  )
}

export function Component() {
  return (
    <div className="prose-page">
      <Seo
        title="Contact"
        description="Questions, feedback or a bug to report? Write to the Folio team."
        path="/contact"
      />
      <PageHeader
        eyebrow="Contact"
        title="Talk to the people who build Folio"
        lead="We read every message and answer within two working days."
      />
      <noscript>
        <p>
          The form below needs JavaScript. Without it, write to{' '}
          <a href="mailto:hello@folio.example">hello@folio.example</a>.
        </p>
      </noscript>
      <ContactForm />
      <p>
        Prefer email? Write to <a href="mailto:hello@folio.example">hello@folio.example</a> for
        questions about plans, billing or self-hosting.
      </p>
    </div>
  )
}
