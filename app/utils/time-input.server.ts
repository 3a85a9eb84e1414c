import { getEnv } from './config.server'
import { fromZonedTime, LOCAL_TIME } from '~/lib/zoned-time'

/**
 * A date or a time sent to a write (the agenda's and the announcements' `starts_at`, `ends_at`): ISO 8601 with a zone
 * (`2026-12-05T09:00:00Z`, `...+07:00`), a wall-clock time without one (`2026-12-05T16:00`, what the admin's
 * datetime-local input sends), read in the village's time zone (`TZ`), or a date alone (`2026-12-05`, kept as midnight
 * UTC of that date). What it is, so that the model can say which it wants.
 */
export type TimeInput =
  { kind: 'missing' } | { kind: 'invalid' } | { kind: 'time'; at: Date } | { kind: 'day'; at: Date; text: string }

const ZONED = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i
const DAY_ONLY = /^(\d{4})-(\d\d)-(\d\d)$/

export function readTime(value: unknown): TimeInput {
  if (value === undefined || value === null) return { kind: 'missing' }
  if (typeof value !== 'string') return { kind: 'invalid' }
  const text = value.trim()
  if (text === '') return { kind: 'missing' }
  const day = DAY_ONLY.exec(text)
  if (day) {
    const at = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
    return at.toISOString().slice(0, 10) === text ? { kind: 'day', at, text } : { kind: 'invalid' }
  }
  const at = LOCAL_TIME.test(text) ? fromZonedTime(text, getEnv().TZ) : ZONED.test(text) ? new Date(text) : null
  return at && !Number.isNaN(at.getTime()) ? { kind: 'time', at } : { kind: 'invalid' }
}

/** The start of a date (`2026-12-05`) in the village's time zone. */
export const startOfDay = (text: string) => fromZonedTime(`${text}T00:00`, getEnv().TZ)!
