import crypto from 'node:crypto'
import { nullableResponseTime, responseTime, selectOf, z } from '~/utils/response-shape.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { notFound } from '~/utils/http.server'
import { recordActivity, type Actor } from './activity.server'

/**
 * One row per login (a device): the login token carries the row's id, and is valid only while the row exists.
 * So each device can be logged out alone, and a password change can end every device but the one it came from.
 */

/** How often a session's "last used" time and address are written: not on every request. */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000

export type DeviceInfo = { ip: string | null; userAgent: string }

/**
 * A new session row (sessions have no data-version trigger: a login empties no cache); expired
 * rows are cleared on the way.
 */
export async function createSession(userId: number, device: DeviceInfo, expiresAt: Date): Promise<string> {
  const id = crypto.randomUUID()
  await serializeWrite(async () => {
    await prisma.session.deleteMany({ where: { expires_at: { lt: new Date() } } })
    await prisma.session.create({
      data: { id, user_id: userId, expires_at: expiresAt, ip: device.ip, user_agent: device.userAgent.slice(0, 500) },
    })
  })
  return id
}

export type SessionRow = { user_id: number; expires_at: Date; last_used_at: Date }

export const findSession = (id: string): Promise<SessionRow | null> =>
  prisma.session.findUnique({ where: { id }, select: { user_id: true, expires_at: true, last_used_at: true } })

/**
 * Records that the session was used now, from `ip` (sessions have no data-version trigger: nothing cached depends on
 * it).
 */
export function touchSession(id: string, ip: string | null) {
  return serializeWrite(() =>
    prisma.session.updateMany({ where: { id }, data: { last_used_at: new Date(), ...(ip ? { ip } : {}) } }),
  )
}

/** A logged-in device as `GET /api/admin/me/sessions` shows it; `current` marks the one asking. */
export const sessionResponse = z
  .object({
    id: z.string(),
    created_at: responseTime(),
    last_used_at: nullableResponseTime(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    current: z.boolean(),
  })
  .openapi('Session')

const sessionSelect = selectOf(sessionResponse.omit({ current: true }))

/** The user's logged-in devices, newest first; `current` marks the one asking. */
export async function listSessions(userId: number, currentId: string) {
  const rows = await prisma.session.findMany({
    where: { user_id: userId, expires_at: { gt: new Date() } },
    select: sessionSelect,
    orderBy: { created_at: 'desc' },
  })
  return rows.map((row) => ({ ...row, current: row.id === currentId }))
}

/**
 * Logs one device out: the row goes, and with it every use of its token (the session memo reads the row on every
 * request).
 */
export function endSession(id: string) {
  return serializeWrite(() => prisma.session.deleteMany({ where: { id } }))
}

/** Logs out one of the user's own devices; another user's session is a 404, as if it did not exist. */
export async function endOwnSession(userId: number, id: string, actor: Actor) {
  await serializeWrite(async () => {
    const { count } = await prisma.session.deleteMany({ where: { id, user_id: userId } })
    if (count === 0) throw notFound('Session')
  })
  await recordLogout(actor, userId)
}

/** The activity log's entry of devices logged out (`logout`, `sessions`) of the user `userId`. */
const recordLogout = (actor: Actor, userId: number) =>
  recordActivity({
    actor,
    action: 'logout',
    resource: 'users',
    resourceId: userId,
    summary: actor.name,
    changes: ['sessions'],
  })

/** Logs every device of the user out, or every one but `keep` (the device asking, on "log out all others"). */
export async function endSessions(userId: number, actor: Actor, keep?: string) {
  await serializeWrite(() =>
    prisma.session.deleteMany({ where: { user_id: userId, ...(keep ? { NOT: { id: keep } } : {}) } }),
  )
  await recordLogout(actor, userId)
}
