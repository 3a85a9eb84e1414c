import { villageCache } from './village-cache.server'

/**
 * What the two throttles share, the logins' (app/auth/throttle.server.ts) and the citizen reports'
 * (app/models/citizen-services/report-throttle.server.ts): both count rows in a table of their own, each row a try at its time.
 */

/**
 * Seconds before one more try may come while `recent`, the newest `max` rows of a key (newest first), lie in the
 * window of `windowMs`: the oldest of them decides, once there are `max` (0: now).
 */
export const secondsUntilRoom = (recent: { created_at: Date }[], max: number, windowMs: number, now: number) =>
  recent.length >= max ? Math.max(1, Math.ceil((recent[max - 1].created_at.getTime() + windowMs - now) / 1000)) : 0

/**
 * Runs a throttle's prune of its expired rows at most once per `everyMs` in each village (in this process; whichever
 * process counts a try prunes): the time of the last prune is a village cache's (one village's is not another's).
 */
export function prunedEvery(what: string, everyMs: number) {
  const last = villageCache<number>(what, { maxEntries: 10_000 })
  return async (now: number, prune: () => Promise<unknown>) => {
    if (now - (last.get('', 0) ?? 0) <= everyMs) return
    last.set('', 0, now)
    await prune()
  }
}
