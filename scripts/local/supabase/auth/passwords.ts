import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>

// N=2^14 costs ~20-40 ms per hash here and runs on libuv's thread pool, so concurrent
// sign-ins do not block the event loop. (Hosted GoTrue uses bcrypt; hashes never leave
// this local backend, so the format does not have to match.)
const PARAMS = { N: 16384, r: 8, p: 1 }
const KEY_LENGTH = 32

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, KEY_LENGTH, PARAMS)
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${hash.toString('base64')}`
}

/** Always does the full hash, even for a missing user, so timing does not reveal accounts. */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  const parts = (stored ?? '').split('$')
  const valid = parts.length === 6 && parts[0] === 'scrypt'
  const N = valid ? Number(parts[1]) : PARAMS.N
  const r = valid ? Number(parts[2]) : PARAMS.r
  const p = valid ? Number(parts[3]) : PARAMS.p
  const salt = valid ? Buffer.from(parts[4] ?? '', 'base64') : randomBytes(16)
  const expected = valid ? Buffer.from(parts[5] ?? '', 'base64') : randomBytes(KEY_LENGTH)
  const actual = await scrypt(password, salt, expected.length, { N, r, p })
  return valid && timingSafeEqual(actual, expected)
}
