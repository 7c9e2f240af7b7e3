/**
 * The local stand-in for HaveIBeenPwned's Pwned Passwords corpus. Hosted GoTrue with leaked
 * password protection on asks HaveIBeenPwned whether a password has appeared in a breach
 * (supabase/auth internal/api/password.go checkPasswordStrength, through a.hibpClient.Check);
 * the local backend has no internet, so it answers from this short list of the passwords that
 * top every breach corpus instead. Written for Folio, not copied from any list: it holds only
 * passwords of at least 8 characters (shorter ones already fail minimum_password_length), and
 * it is deliberately small, so a password missing here may still be refused on hosted.
 * Matching is exact, as HaveIBeenPwned's is (it compares SHA-1 hashes of the exact password).
 */
const COMMONLY_BREACHED = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'Password',
  'Password1',
  'Password123',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '12341234',
  '11223344',
  'qwerty123',
  'qwerty12',
  'qwertyuiop',
  'asdfghjk',
  'asdfasdf',
  'zaq12wsx',
  '1qaz2wsx',
  '1q2w3e4r',
  'abc12345',
  'abcd1234',
  'abcdefgh',
  'iloveyou',
  'iloveyou1',
  'letmein1',
  'letmein123',
  'welcome1',
  'welcome123',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'starwars',
  'whatever',
  'trustno1',
  'monkey123',
  'dragon123',
  'admin123',
  'changeme',
])

/**
 * One backend's corpus: the list above, and the passwords it has since learnt of (`learn`). The
 * real corpus grows with every breach HaveIBeenPwned loads, so a password someone chose when it
 * was clean can be known from a breach at their next sign-in; `learn` is how the local backend
 * (POST /__breaches) and its tests bring that about, since neither sign-up nor the admin API
 * accept a breached password in the first place.
 */
export class BreachCorpus {
  private readonly learnt = new Set<string>()

  /** Whether this exact password is known from a breach. */
  has(password: string): boolean {
    return COMMONLY_BREACHED.has(password) || this.learnt.has(password)
  }

  /** A breach has made this exact password known. */
  learn(password: string): void {
    this.learnt.add(password)
  }
}
