import bcrypt from 'bcryptjs'
import { log } from './error-log.server'
import { testHookAllowed } from './test-hooks.server'

/**
 * bcrypt's work factor: 10 is the accepted minimum (about 0.1 s per hash here), which keeps logins quick on small
 * servers.
 */
export const PASSWORD_COST = 10

let cost: number | undefined

/**
 * The work factor of new hashes: PASSWORD_COST, except in a test server that sets both BALAI_TEST_PASSWORD_COST (4
 * to 9) and BALAI_TEST_ONLY naming allow-cheap-passwords. A test run makes hundreds of accounts and logins, and
 * bcrypt was a third of its servers' CPU; what a stored hash costs to check is written in the hash, so a server
 * without the hook still checks those quickly and hashes new passwords at PASSWORD_COST
 * (docs/decisions/056-test-password-cost.md).
 */
export function passwordCost(): number {
  if (cost !== undefined) return cost
  cost = PASSWORD_COST
  const asked = process.env.BALAI_TEST_PASSWORD_COST
  if (!asked) return cost
  const value = Number(asked)
  if (!testHookAllowed('allow-cheap-passwords') || !Number.isInteger(value) || value < 4 || value >= PASSWORD_COST) {
    log.warn(
      { event: 'test-password-cost' },
      'BALAI_TEST_PASSWORD_COST ignored: it is a test-only hook (see docs/decisions/056-test-password-cost.md)',
    )
    return cost
  }
  log.warn(
    { event: 'test-password-cost', cost: value },
    `TEST PASSWORD COST: new passwords are hashed with bcrypt cost ${value}, not ${PASSWORD_COST}; ` +
      'never run a real site so',
  )
  return (cost = value)
}

export const MIN_PASSWORD_BYTES = 8
export const MAX_PASSWORD_BYTES = 72

/** bcrypt reads at most 72 bytes, so longer passwords are refused rather than silently cut. */
export function passwordProblem(password: string): string | null {
  const bytes = Buffer.byteLength(password, 'utf8')
  if (bytes < MIN_PASSWORD_BYTES) return `Password must be at least ${MIN_PASSWORD_BYTES} characters`
  if (bytes > MAX_PASSWORD_BYTES) return `Password may not be longer than ${MAX_PASSWORD_BYTES} bytes`
  return null
}

export const hashPassword = (password: string) => bcrypt.hash(password, passwordCost())

export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash)

/** A real hash to compare against when the username is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined
export function verifyAgainstNobody(password: string) {
  dummyHash ??= bcrypt.hash('balai-desa-timing-equaliser', passwordCost())
  return dummyHash.then((hash) => bcrypt.compare(password, hash)).then(() => false)
}
