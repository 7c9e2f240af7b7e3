/**
 * The billing feature's checkout surface (/subscribe/stripe). Kept apart from ./account.ts so
 * only the checkout page's chunk refers to Stripe.js, which it still loads on demand.
 */
import '../../styles/forms.css'
import './billing.css'

export { EmbeddedCheckout } from './EmbeddedCheckout'
