import { verifyPassword } from '~/utils/password.server'
import { prisma } from '~/utils/db.server'
import { villageCache } from '~/utils/village-cache.server'
import { atRegency } from '~/models/regency/villages.server'

export const DEFAULT_PASSWORD = 'password'
const SEEDED_USERNAMES = ['admin', 'user']
/** The regency's seeded account (REGENCY_HOST), in the regency's own database. */
const SEEDED_REGENCY_USERNAMES = ['kabupaten']

// bcrypt is slow on purpose: remember the verdict per village and stored hash, so it is computed once per password (a
// verdict depends on the hash alone: one version, 0, for ever). Two seeded accounts a village.
const verdicts = villageCache<Promise<boolean>>('the default-password verdicts', { maxEntries: 20_000 })

/** The seeded accounts that still accept the well-known default password (at the regency host: its own). */
export async function accountsWithDefaultPassword(): Promise<string[]> {
  const rows = await prisma.user.findMany({
    where: { username: { in: atRegency() ? SEEDED_REGENCY_USERNAMES : SEEDED_USERNAMES } },
    select: { username: true, password: true },
  })
  const found: string[] = []
  for (const row of rows) {
    if (await verdicts.here().remember(row.password, 0, () => verifyPassword(DEFAULT_PASSWORD, row.password)))
      found.push(row.username)
  }
  return found
}
