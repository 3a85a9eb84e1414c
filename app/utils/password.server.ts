import bcrypt from 'bcryptjs'

// bcrypt's work factor: 10 is the accepted minimum (about 0.1 s per hash here), which keeps logins quick on small
// servers.
const COST = 10

export const MIN_PASSWORD_BYTES = 8
export const MAX_PASSWORD_BYTES = 72

/** bcrypt reads at most 72 bytes, so longer passwords are refused rather than silently cut. */
export function passwordProblem(password: string): string | null {
  const bytes = Buffer.byteLength(password, 'utf8')
  if (bytes < MIN_PASSWORD_BYTES) return `Password must be at least ${MIN_PASSWORD_BYTES} characters`
  if (bytes > MAX_PASSWORD_BYTES) return `Password may not be longer than ${MAX_PASSWORD_BYTES} bytes`
  return null
}

export const hashPassword = (password: string) => bcrypt.hash(password, COST)

export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash)

/** A real hash to compare against when the username is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined
export function verifyAgainstNobody(password: string) {
  dummyHash ??= bcrypt.hash('balai-desa-timing-equaliser', COST)
  return dummyHash.then((hash) => bcrypt.compare(password, hash)).then(() => false)
}
