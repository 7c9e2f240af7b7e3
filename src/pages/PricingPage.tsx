import '../styles/pages.css'
import { Seo } from '../app/Seo'
import { PricingPlans, findPlan, findPrice, formatAmount } from '../features/billing'
import { HydrateInTurn } from '../app/HydrateInTurn'

const freePlan = findPlan('free')
const monthly = findPrice('pro', 'month')
const yearly = findPrice('pro', 'year')

const comparison: [feature: string, free: string, pro: string][] = [
  ['Documents', `Up to ${freePlan.documentLimit}`, 'Unlimited'],
  ['CodeMirror editor and live preview', 'Yes', 'Yes'],
  ['Syntax highlighting in light and dark', 'Yes', 'Yes'],
  ['Realtime sync across devices', 'Yes', 'Yes'],
  ['Conflict detection', 'Yes', 'Yes'],
  ['Two-factor authentication', 'Yes', 'Yes'],
  ['Image attachments', '—', 'Yes'],
  ['Priority email support', '—', 'Yes'],
]

const faq: [question: string, answer: string][] = [
  [
    'Can I try Pro before paying?',
    'The Free plan has every feature except attachments and the document limit, so you can judge the editor and the preview before you pay anything.',
  ],
  [
    'What happens to my documents if I cancel?',
    'Nothing is deleted. You keep read and edit access to everything; creating a fourth document needs Pro again.',
  ],
  [
    'Can I switch between monthly and yearly?',
    'Yes, from the billing portal at any time. The change is prorated by Stripe.',
  ],
  [
    'Do you store my card?',
    'No. Payments are handled by Stripe; Folio never sees your card number.',
  ],
  [
    'Can I host Folio myself?',
    'Yes. Folio is open source and runs on Supabase and any static host; the self-hosting guide is on our blog.',
  ],
]

/** A dash reads as nothing to a screen reader; say what it means. */
function tableCell(value: string) {
  if (value !== '—') return value
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not included</span>
    </>
  )
}

function proPriceSentence(): string {
  if (!monthly || !yearly) return 'Pro unlocks unlimited documents and attachments.'
  return `Pro is ${formatAmount(monthly.unitAmount, monthly.currency)} a month or ${formatAmount(yearly.unitAmount, yearly.currency)} a year for unlimited documents and attachments.`
}

export function Component() {
  return (
    <>
      <Seo
        title="Pricing"
        description={`Folio is free for up to ${freePlan.documentLimit} documents. ${proPriceSentence()}`}
        path="/pricing"
      />
      <HydrateInTurn as="section" className="section pricing" aria-labelledby="pricing-title">
        <div className="container">
          <p className="eyebrow">Pricing</p>
          <h1 id="pricing-title">Start free. Upgrade when your notes outgrow it.</h1>
          <PricingPlans />
        </div>
      </HydrateInTurn>
      <HydrateInTurn
        as="section"
        className="section section--muted"
        aria-labelledby="compare-title"
      >
        <div className="container">
          <h2 id="compare-title">Compare plans</h2>
          <table className="comparison">
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">Free</th>
                <th scope="col">Pro</th>
              </tr>
            </thead>
            <tbody>
              {comparison.map(([feature, free, pro]) => (
                <tr key={feature}>
                  <th scope="row">{feature}</th>
                  <td>{tableCell(free)}</td>
                  <td>{tableCell(pro)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </HydrateInTurn>
      <HydrateInTurn as="section" className="section" aria-labelledby="faq-title">
        <div className="container narrow">
          <h2 id="faq-title">Questions</h2>
          {faq.map(([question, answer]) => (
            <details key={question} className="faq">
              <summary>{question}</summary>
              <p>{answer}</p>
            </details>
          ))}
        </div>
      </HydrateInTurn>
    </>
  )
}
