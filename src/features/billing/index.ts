/**
 * The billing feature's public surface for public pages: plan data and the pricing table.
 * Nothing here loads supabase-js or Stripe; the signed-in parts are in ./checkout.ts.
 */
import '../../styles/pages.css'
// Each of the billing feature's entries brings its stylesheet: only billing pages carry it.
import './billing.css'

export {
  PLANS,
  findPlan,
  findPrice,
  formatAmount,
  yearlySavingPercent,
  type BillingInterval,
  type Plan,
  type PlanId,
  type PlanPrice,
} from './plans'
export { PricingPlans, checkoutPath } from './PricingPlans'
