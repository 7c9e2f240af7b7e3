/**
 * A test-mode Stripe.js: `Stripe(pk)` whose embedded checkout mounts a card form into the
 * page. The local Stripe stand-in serves it at `/v3/` (what `npm start` builds load, by
 * configuration), and the end-to-end suite can also route js.stripe.com to it.
 *
 * "Pay" sends the card number to the stand-in (`<api>/<client secret>/pay`), which answers as
 * Stripe's test cards do: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, and
 * 4000 0025 0000 3155 needs authentication, shown as a simulated 3-D Secure step. A paid
 * session delivers the signed webhooks; then, like Stripe, the page goes to its return URL.
 * The form uses the site's own classes, so it follows its light and dark themes.
 */
interface EmbeddedOptions {
  clientSecret?: string
  fetchClientSecret?: () => Promise<string>
  onComplete?: () => void
}

/** Runs in the page. Serialised with toString(), so it must not use anything from outside. */
function installStripeStandIn(api: string) {
  const element = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Partial<HTMLElementTagNameMap[K]> = {},
    ...children: (Node | string)[]
  ): HTMLElementTagNameMap[K] => {
    const node = Object.assign(document.createElement(tag), props)
    node.append(...children)
    return node
  }
  const field = (id: string, label: string, input: Partial<HTMLInputElement>) => {
    const control = element('input', { id, required: true, ...input })
    return {
      control,
      wrapper: element(
        'div',
        { className: 'field' },
        element('label', { htmlFor: id }, label),
        control,
      ),
    }
  }
  let formCount = 0

  const createCheckout = async (options: EmbeddedOptions) => {
    const secret = options.clientSecret ?? (await options.fetchClientSecret?.())
    if (!secret) throw new Error('IntegrationError: a client secret is required')
    let root: HTMLElement | null = null
    return {
      mount(target: string | HTMLElement) {
        const host = typeof target === 'string' ? document.querySelector(target) : target
        if (!host) throw new Error('IntegrationError: mount target not found')
        const id = `stand-in-card-${++formCount}`
        const summary = element('p', { textContent: 'Loading…' })
        const note = element('p', {
          className: 'field__hint',
          textContent:
            'Test mode: use 4242 4242 4242 4242 (pays), 4000 0000 0000 0002 (declined) or 4000 0025 0000 3155 (asks for authentication), any future date and any CVC.',
        })
        const card = field(`${id}-number`, 'Card number', {
          inputMode: 'numeric',
          autocomplete: 'cc-number',
          placeholder: '1234 1234 1234 1234',
        })
        const expiry = field(`${id}-expiry`, 'Expiry (MM / YY)', {
          inputMode: 'numeric',
          autocomplete: 'cc-exp',
          placeholder: 'MM / YY',
        })
        const cvc = field(`${id}-cvc`, 'CVC', {
          inputMode: 'numeric',
          autocomplete: 'cc-csc',
          placeholder: '123',
        })
        const message = element('div', {
          className: 'form-message form-message--error',
          role: 'alert',
          hidden: true,
        })
        const pay = element('button', {
          type: 'submit',
          className: 'button button--primary',
          textContent: 'Pay and subscribe',
          disabled: true,
        })
        const form = element(
          'form',
          { noValidate: true },
          summary,
          note,
          card.wrapper,
          expiry.wrapper,
          cvc.wrapper,
          message,
          pay,
        )
        // The site's fields have no spacing of their own outside its forms' layout.
        form.style.cssText = 'display: grid; gap: 0.75rem'
        pay.style.justifySelf = 'start'
        const authentication = element('div', { hidden: true })
        root = element('section', {}, form, authentication)
        root.setAttribute('aria-label', 'Stripe checkout (test stand-in)')

        const showError = (text: string) => {
          message.textContent = text
          message.hidden = false
          pay.disabled = false
        }
        const post = async (action: string, body: object) => {
          const response = await fetch(`${api}/${secret}/${action}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
          return (await response.json()) as {
            return_url?: string
            requires_action?: boolean
            error?: { message: string }
          }
        }
        const finish = (returnUrl: string) => {
          if (options.onComplete) options.onComplete()
          else window.location.assign(returnUrl)
        }
        const askForAuthentication = (number: string) => {
          form.hidden = true
          const decide = async (authenticated: boolean) => {
            for (const button of authentication.querySelectorAll('button')) button.disabled = true
            const answer = await post('pay', { number, authenticated })
            if (answer.return_url) return finish(answer.return_url)
            authentication.hidden = true
            authentication.replaceChildren()
            form.hidden = false
            showError(answer.error?.message ?? 'The payment could not be completed.')
          }
          const complete = element('button', {
            type: 'button',
            className: 'button button--primary',
            textContent: 'Complete authentication',
          })
          const fail = element('button', {
            type: 'button',
            className: 'button',
            textContent: 'Fail authentication',
          })
          complete.addEventListener('click', () => void decide(true))
          fail.addEventListener('click', () => void decide(false))
          const heading = element('h3', { textContent: '3D Secure 2 test page' })
          authentication.replaceChildren(
            heading,
            element('p', {
              textContent:
                'Your bank asks you to confirm this payment. This is a simulation: choose what the customer does.',
            }),
            element('div', { className: 'button-row' }, complete, fail),
          )
          authentication.setAttribute('role', 'dialog')
          authentication.setAttribute('aria-label', 'Confirm the payment with your bank (test)')
          authentication.hidden = false
          complete.focus()
        }

        form.addEventListener('submit', (event) => {
          event.preventDefault()
          message.hidden = true
          const number = card.control.value.replace(/\s+/g, '')
          const [month = '', year = ''] = expiry.control.value.split('/').map((part) => part.trim())
          const expires = new Date(2000 + Number(year), Number(month), 1)
          if (!/^\d{12,19}$/.test(number)) return showError('Your card number is incomplete.')
          if (
            !/^\d{1,2}$/.test(month) ||
            !/^\d{2}$/.test(year) ||
            Number(month) < 1 ||
            Number(month) > 12
          )
            return showError("Your card's expiration date is incomplete.")
          if (expires.getTime() <= Date.now())
            return showError("Your card's expiration year is in the past.")
          if (!/^\d{3,4}$/.test(cvc.control.value.trim()))
            return showError("Your card's security code is incomplete.")
          pay.disabled = true
          void post('pay', { number }).then(
            (answer) => {
              if (answer.return_url) return finish(answer.return_url)
              if (answer.requires_action) return askForAuthentication(number)
              showError(answer.error?.message ?? 'The payment could not be completed.')
            },
            () => showError('The payment could not be sent. Check your connection and try again.'),
          )
        })
        host.append(root)
        void fetch(`${api}/${secret}`)
          .then((response) => response.json())
          .then(
            (info: {
              product: string
              amount_total: number
              currency: string
              interval: string
            }) => {
              const amount = (info.amount_total / 100).toFixed(2)
              summary.textContent = `${info.product}: ${amount} ${info.currency.toUpperCase()} every ${info.interval}`
              pay.disabled = false
            },
          )
      },
      unmount() {
        root?.remove()
      },
      destroy() {
        root?.remove()
        root = null
      },
    }
  }
  const Stripe = (key: string) => {
    if (!key.startsWith('pk_')) throw new Error('IntegrationError: invalid publishable key')
    return {
      createEmbeddedCheckoutPage: createCheckout,
      initEmbeddedCheckout: createCheckout,
      _registerWrapper() {},
    }
  }
  Stripe.version = 'endive'
  ;(window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe
}

/**
 * The script, talking to the stand-in's browser endpoints at `api` (`<origin>/_stand-in`).
 * tsx keeps function names by wrapping them in `__name(…)`, a helper that exists only in the
 * Node module; the page gets a no-op one of its own.
 */
export function stripeJsStandInSource(api: string): string {
  return `(function () {
  var __name = function (target) { return target };
  (${installStripeStandIn.toString()})(${JSON.stringify(api)});
})();`
}
