/**
 * The billing feature's signed-in surface without Stripe.js: the checkout confirmation and the
 * hand-off to Stripe's customer portal. Both load supabase-js on demand.
 */
import '../../styles/pages.css'
import '../../styles/forms.css'
import './billing.css'

export { PortalRedirect } from './PortalRedirect'
export { SubscriptionConfirmation } from './SubscriptionConfirmation'
