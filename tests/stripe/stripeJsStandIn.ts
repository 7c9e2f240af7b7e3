/**
 * What the browser gets instead of https://js.stripe.com/… in end-to-end runs: a `Stripe(pk)`
 * whose embedded checkout mounts a small form. "Pay" asks the Stripe stand-in (through
 * https://api.stripe.com/_stand-in/…, routed by Playwright) to complete the session, which
 * delivers the signed webhooks; then, like Stripe, it goes to the session's return URL.
 */
interface EmbeddedOptions {
  clientSecret?: string
  fetchClientSecret?: () => Promise<string>
  onComplete?: () => void
}

/** Runs in the page. Serialised with toString(), so it must not use anything from outside. */
function installStripeStandIn() {
  const api = 'https://api.stripe.com/_stand-in'
  const createCheckout = async (options: EmbeddedOptions) => {
    const secret = options.clientSecret ?? (await options.fetchClientSecret?.())
    if (!secret) throw new Error('IntegrationError: a client secret is required')
    let root: HTMLElement | null = null
    return {
      mount(target: string | HTMLElement) {
        const host = typeof target === 'string' ? document.querySelector(target) : target
        if (!host) throw new Error('IntegrationError: mount target not found')
        root = document.createElement('section')
        root.setAttribute('aria-label', 'Stripe checkout (test stand-in)')
        const summary = document.createElement('p')
        summary.textContent = 'Loading…'
        const pay = document.createElement('button')
        pay.type = 'button'
        pay.textContent = 'Pay and subscribe'
        pay.disabled = true
        pay.addEventListener('click', async () => {
          pay.disabled = true
          const response = await fetch(`${api}/${secret}/complete`, { method: 'POST' })
          const { return_url: returnUrl } = (await response.json()) as { return_url: string }
          if (options.onComplete) options.onComplete()
          else window.location.assign(returnUrl)
        })
        root.append(summary, pay)
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

export const stripeJsStandInSource = `(${installStripeStandIn.toString()})();`
