/**
 * Login throttling: after 5 failed attempts for one username, or 20 from one address, within 15 minutes,
 * further attempts are refused with 429 until the oldest failure leaves the window. Kept in memory: the
 * site runs as one process, and a restart forgetting the counts only helps the legitimate user.
 */
export const WINDOW_MS = 15 * 60 * 1000
export const MAX_PER_USERNAME = 5
export const MAX_PER_ADDRESS = 20
const MAX_KEYS = 50_000

const failures = new Map<string, number[]>()

function recent(key: string, now: number): number[] {
  const times = (failures.get(key) ?? []).filter((time) => now - time < WINDOW_MS)
  if (times.length) failures.set(key, times)
  else failures.delete(key)
  return times
}

const keysFor = (username: string, address: string | null) => [
  { key: `u:${username.trim().toLowerCase()}`, max: MAX_PER_USERNAME },
  ...(address ? [{ key: `a:${address}`, max: MAX_PER_ADDRESS }] : []),
]

/** Seconds to wait before another attempt is allowed, or 0 when the attempt may go ahead. */
export function retryAfterSeconds(username: string, address: string | null, now = Date.now()): number {
  let wait = 0
  for (const { key, max } of keysFor(username, address)) {
    const times = recent(key, now)
    if (times.length >= max) wait = Math.max(wait, Math.ceil((times[times.length - max] + WINDOW_MS - now) / 1000))
  }
  return wait
}

export function recordFailure(username: string, address: string | null, now = Date.now()) {
  if (failures.size > MAX_KEYS) {
    for (const key of failures.keys()) recent(key, now)
    // Still full of live keys (an attack from many addresses): drop the oldest entries.
    for (const key of failures.keys()) {
      if (failures.size <= MAX_KEYS * 0.9) break
      failures.delete(key)
    }
  }
  for (const { key } of keysFor(username, address)) failures.set(key, [...recent(key, now), now])
}

/** A successful login clears the username's failures (not the address's). */
export function recordSuccess(username: string) {
  failures.delete(`u:${username.trim().toLowerCase()}`)
}

/** The client address the server put on the request (see server.mjs); null when unknown. */
export function clientAddress(request: Request | undefined): string | null {
  return request?.headers.get('x-balai-client-ip') || null
}
