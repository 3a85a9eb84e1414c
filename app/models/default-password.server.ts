import { verifyPassword } from '~/utils/password.server'
import { prisma } from '~/utils/db.server'
import { scopeKey } from '~/utils/village-scope.server'
import { atRegency } from './villages.server'

export const DEFAULT_PASSWORD = 'password'
const SEEDED_USERNAMES = ['admin', 'user']
/** The regency's seeded account (REGENCY_HOST), in the regency's own database. */
const SEEDED_REGENCY_USERNAMES = ['kabupaten']

// bcrypt is slow on purpose: remember the verdict per village and stored hash, so it is computed once per password.
const verdicts = new Map<string, Promise<boolean>>()

/** The seeded accounts that still accept the well-known default password (at the regency host: its own). */
export async function accountsWithDefaultPassword(): Promise<string[]> {
  const rows = await prisma.user.findMany({
    where: { username: { in: atRegency() ? SEEDED_REGENCY_USERNAMES : SEEDED_USERNAMES } },
    select: { username: true, password: true },
  })
  const found: string[] = []
  for (const row of rows) {
    const key = `${scopeKey('the default-password verdicts')}\n${row.password}`
    let verdict = verdicts.get(key)
    if (!verdict) {
      verdict = verifyPassword(DEFAULT_PASSWORD, row.password)
      verdicts.set(key, verdict)
    }
    if (await verdict) found.push(row.username)
  }
  return found
}
