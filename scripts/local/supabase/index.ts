/**
 * What the rest of the repository may use of the local Supabase stand-in: start one (the
 * tests, `npm start` through main.ts), sign tokens as it does, and read its mailbox. Its
 * internals stay behind this file; only its own unit tests (tests/backend/standIn) reach in.
 */
export { startBackend, type Backend } from './startBackend.ts'
export { defaultOptions, type BackendOptions } from './config.ts'
export { LOCAL_JWT_SECRET, devApiKey } from './devKeys.ts'
export { Keys, type JwtClaims } from './keys.ts'
export type { MailMessage } from './auth/mailbox.ts'
export { migrate } from './db/migrate.ts'
export { writeEmptyPgliteCluster } from './db/pgliteDatabase.ts'
export { readSupabaseConfig } from './supabaseConfig.ts'
export { jsonbTextBytes, type Json } from './realtime/recordLimit.ts'
export { MAX_PASSWORD_BYTES } from './auth/passwordStrength.ts'
export { auditAppFunctions } from './rest/safeUpdate.ts'
