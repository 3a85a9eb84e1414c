import { verifyPassword } from '~/utils/password.server'
import { prisma } from '~/utils/db.server'

export const DEFAULT_PASSWORD = 'password'
const SEEDED_USERNAMES = ['admin', 'user']

// bcrypt is slow on purpose: remember the verdict per stored hash, so it is computed once per password.
const verdicts = new Map<string, Promise<boolean>>()

/** The seeded accounts that still accept the well-known default password. */
export async function accountsWithDefaultPassword(): Promise<string[]> {
  const rows = await prisma.user.findMany({
    where: { username: { in: SEEDED_USERNAMES } },
    select: { username: true, password: true },
  })
  const found: string[] = []
  for (const row of rows) {
    let verdict = verdicts.get(row.password)
    if (!verdict) {
      verdict = verifyPassword(DEFAULT_PASSWORD, row.password)
      verdicts.set(row.password, verdict)
    }
    if (await verdict) found.push(row.username)
  }
  return found
}
