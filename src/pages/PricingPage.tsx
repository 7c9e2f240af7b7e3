import { Link } from 'react-router-dom'
import { Seo } from '../app/Seo'

const comparison: [feature: string, free: string, pro: string][] = [
  ['Documents', 'Up to 3', 'Unlimited'],
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

export function Component() {
  return (
    <>
      <Seo
        title="Pricing"
        description="Folio is free for up to 3 documents. Pro is $8 a month or $80 a year for unlimited documents and attachments."
        path="/pricing"
      />
      <section className="section">
        <div className="container">
          <p className="eyebrow">Pricing</p>
          <h1>Start free. Upgrade when your notes outgrow it.</h1>
          <div className="plan-grid">
            <div className="card plan">
              <h2>Free</h2>
              <p className="plan__price">
                <strong>$0</strong> forever
              </p>
              <p>Up to 3 documents, the full editor and preview, sync and two-factor sign-in.</p>
              <Link className="button" to="/login?mode=signup">
                Start free
              </Link>
            </div>
            <div className="card plan plan--featured">
              <h2>Pro</h2>
              <p className="plan__price">
                <strong>$8</strong> per month, or <strong>$80</strong> per year
              </p>
              <p>Unlimited documents, image attachments and priority support.</p>
              <Link
                className="button button--primary"
                to="/subscribe/stripe?plan=pro&interval=month"
              >
                Go Pro monthly
              </Link>{' '}
              <Link className="button" to="/subscribe/stripe?plan=pro&interval=year">
                Go Pro yearly
              </Link>
            </div>
          </div>
        </div>
      </section>
      <section className="section section--muted" aria-labelledby="compare-title">
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
                  <td>{free}</td>
                  <td>{pro}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="section" aria-labelledby="faq-title">
        <div className="container narrow">
          <h2 id="faq-title">Questions</h2>
          {faq.map(([question, answer]) => (
            <details key={question} className="faq">
              <summary>{question}</summary>
              <p>{answer}</p>
            </details>
          ))}
        </div>
      </section>
    </>
  )
}
