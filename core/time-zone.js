// The village's default time zone and the check of a zone's name. Plain JavaScript, so that the app
// (app/lib/zoned-time.ts) and the check of the environment that `npm start` runs before anything else
// (core/env.mjs, no build) agree.

/** The time zone of a village that sets no `TZ`. */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta'

/**
 * Whether `zone` is a time zone this runtime knows.
 * @param {string} zone
 */
export function isTimeZone(zone) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
