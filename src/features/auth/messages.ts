/**
 * Everything the auth forms say, from one import: their own checks (./credentials) and the
 * words for what the auth service answers (src/lib/serviceErrorMessages.ts).
 */
export { CREDENTIALS_REQUIRED, RESEND_REQUIRED } from '../../lib/specAuthTexts'
export { authErrorMessage, needsSecondFactor } from '../../lib/serviceErrorMessages'
export { validateCredentials, validateEmail, type FieldErrors } from './credentials'
