import { ProductShot } from './ProductShot'

/**
 * The second step of signing in, in the sign-in form's own words, beside the authenticator
 * app showing the code.
 */
export function TwoFactorMock() {
  return (
    <ProductShot title="Sign in" status="Step 2 of 2" className="product-shot--two-factor">
      <div className="mock-two-factor">
        <div className="mock-form">
          <p>
            Your account is protected by two-factor authentication. Enter the code your
            authenticator app shows for Folio.
          </p>
          <p className="mock-form__label">Authentication code</p>
          <p className="mock-form__input">482 913</p>
          <p className="mock-form__hint">6 digits, from your authenticator app.</p>
          <span className="mock-button mock-button--primary">Verify</span>
        </div>
        <div className="mock-authenticator">
          <p className="mock-authenticator__app">Authenticator</p>
          <p className="mock-authenticator__issuer">Folio</p>
          <p className="mock-authenticator__code">482 913</p>
          <p className="mock-authenticator__timer">
            <span className="mock-authenticator__ring" /> 21 s
          </p>
        </div>
      </div>
    </ProductShot>
  )
}
