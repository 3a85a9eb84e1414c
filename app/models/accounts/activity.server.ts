import { responseId, responseTime, selectOf, z } from '~/utils/response-shape.server'
import type { Prisma } from '~/generated/prisma/client'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { log } from '~/utils/error-log.server'
import { perVillage } from '~/utils/village-scope.server'
import { ACTIVITY_ACTIONS, type ActivityAction } from '~/lib/activity-actions'
import { excerpt } from '~/lib/format'
import type { ListQuery } from '~/lib/paging'
import { listPage, type TableRead } from '~/models/site/crud.server'

/** Who acted, and from where: the logged-in user (or, for a failed login, the name that was tried). */
export type Actor = { id: number | null; name: string; ip: string | null }

export type ActivityEntry = {
  actor: Actor
  action: ActivityAction
  /** The resource of the admin API (`posts`, `users`...), `settings`, or `users` for account events. */
  resource: string
  resourceId?: number | null
  /** The record's title or name at the time. */
  summary?: string
  /** Names of the fields a write changed: never a value. */
  changes?: string[]
}

type Waiting = { row: Prisma.ActivityCreateManyInput; done: () => void }
/** Each village's entries waiting for their write (decision 055: one village's never go to another's log). */
const waiting = perVillage('the activity batch', (): { batch: Waiting[] } => ({ batch: [] }))

/**
 * Writes the entries waiting now in one transaction (group commit): a burst of writes costs one more commit for its
 * log, not one per write.
 */
async function flushBatch() {
  const state = waiting()
  const entries = state.batch
  state.batch = []
  try {
    await prisma.activity.createMany({ data: entries.map((entry) => entry.row) })
  } catch (error) {
    log.error(
      { event: 'activity-record', err: error, count: entries.length },
      `could not record ${entries.length} activity entr${entries.length === 1 ? 'y' : 'ies'}`,
    )
  }
  for (const entry of entries) entry.done()
}

/**
 * Adds one entry, and resolves once it is stored. The write it describes has already happened, so a failure to
 * log is reported on the server's log rather than turned into an error for the user. Entries change nothing a cache
 * holds: the data version stays.
 */
export function recordActivity(entry: ActivityEntry): Promise<void> {
  const row = {
    user_id: entry.actor.id,
    user_name: entry.actor.name.slice(0, 255),
    action: entry.action,
    resource: entry.resource,
    resource_id: entry.resourceId ?? null,
    summary: (entry.summary ?? '').slice(0, 255),
    changes: JSON.stringify(entry.changes ?? []),
    ip: entry.actor.ip,
  }
  return new Promise<void>((done) => {
    // The first entry of a batch queues its flush; those arriving before the flush runs join it.
    if (waiting().batch.push({ row, done }) === 1) serializeWrite(flushBatch).catch(() => undefined)
  })
}

/** A record's title or name as the log shows it. */
export function summaryOf(record: unknown): string {
  if (!record || typeof record !== 'object') return ''
  const row = record as Record<string, unknown>
  // A citizen's report is named by its ticket, never by the citizen's name.
  for (const key of ['ticket', 'title', 'name', 'site_name', 'caption', 'username']) {
    if (typeof row[key] === 'string' && row[key]) return row[key] as string
  }
  return typeof row.description === 'string' ? excerpt(row.description, 120) : ''
}

/** Bookkeeping columns that change with every write, and are not the user's doing. */
const IGNORED = new Set(['id', 'created_at', 'updated_at'])
const comparable = (value: unknown) => JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null))

/**
 * The names of the fields that differ between two reads of a record (a relation shown as an object, such as a
 * post's `category`, is left out where its `*_id` is compared). A password is never read back, so it is never named:
 * a new one is an entry of its own (`password_change`, `password_reset`).
 */
export function changedFields(before: unknown, after: unknown): string[] {
  const a = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>
  const b = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => {
    if (IGNORED.has(name)) return false
    if (`${name}_id` in b || `${name}_id` in a) return false
    return comparable(a[name]) !== comparable(b[name])
  })
  return names
}

/**
 * What a generic write needs to describe itself: the resource's name and a way to read a record before it changes;
 * where a record has no title or name, its own summary, and where its fields' names say too little, its own changes.
 */
export type TrackedResource = {
  name: string
  read?: (id: number) => Promise<unknown>
  summary?: (record: unknown) => string
  changes?: (before: unknown, after: unknown) => string[]
}

async function readOrNull(resource: TrackedResource, id: number | undefined) {
  if (!resource.read || id === undefined) return null
  try {
    return await resource.read(id)
  } catch {
    return null // a missing record: the write itself answers 404
  }
}

/**
 * Runs a create, update or delete of either door and, once it succeeded, adds its entry: which record (id and
 * title or name at the time) and which fields it changed. A write that fails adds nothing.
 */
export async function trackWrite<T>(
  actor: Actor,
  what: { resource: TrackedResource; action: 'create' | 'update' | 'delete'; id?: number; logAs?: ActivityAction },
  write: () => Promise<T>,
): Promise<T> {
  const before = what.action === 'create' ? null : await readOrNull(what.resource, what.id)
  const result = await write()
  const after = what.action === 'delete' ? null : result
  const record = after ?? before
  const id =
    what.id ?? (record && typeof (record as { id?: unknown }).id === 'number' ? (record as { id: number }).id : null)
  await recordActivity({
    actor,
    action: what.logAs ?? what.action,
    resource: what.resource.name,
    resourceId: id,
    summary: (what.resource.summary ?? summaryOf)(record),
    changes: what.action === 'delete' ? [] : (what.resource.changes ?? changedFields)(before, after),
  })
  return result
}

/** An entry of the log as the API shows it (docs/api.md "Activity log"); its select reads the same fields. */
export const activityResponse = z
  .object({
    id: responseId(),
    user_id: responseId().nullable(),
    user_name: z.string().openapi({ description: "Survives the user's deletion." }),
    action: z.enum(ACTIVITY_ACTIONS),
    resource: z.string().nullable(),
    resource_id: z.number().int().nullable(),
    summary: z.string().nullable().openapi({ description: "The record's title or name at the time." }),
    changes: z
      .array(z.string())
      .nullable()
      .openapi({ description: 'The names of the fields a write changed (never a password, hash, secret or token).' }),
    ip: z.string().nullable(),
    created_at: responseTime(),
  })
  .openapi('Activity')

const activitySelect = selectOf(activityResponse)

/** A stored entry: `changes` is kept as JSON text. */
type ActivityListRow = {
  id: number
  user_id: number | null
  user_name: string
  action: string
  resource: string
  resource_id: number | null
  summary: string
  changes: string
  ip: string | null
  created_at: Date
}

/** The stored JSON list of changed fields' names (a damaged one reads as none). */
export function parseChanges(text: string): string[] {
  try {
    const value = JSON.parse(text)
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

const toActivity = (row: ActivityListRow) => ({ ...row, changes: parseChanges(row.changes) })
export type ActivityItem = ReturnType<typeof toActivity>

const filterSchema = z.object({
  user_id: z
    .preprocess(
      (value) => (value === null || value === '' ? undefined : Number(value)),
      z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    )
    .catch(undefined),
  resource: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 50) : undefined),
    z.string().optional(),
  ),
  action: z
    .preprocess((value) => (value === null || value === '' ? undefined : value), z.enum(ACTIVITY_ACTIONS).optional())
    .catch(undefined),
})
export type ActivityFilters = z.infer<typeof filterSchema>

/** `user_id`, `resource` and `action` of the address; values that cannot match anything are ignored. */
export function parseActivityFilters(params: URLSearchParams): ActivityFilters {
  return filterSchema.parse({
    user_id: params.get('user_id'),
    resource: params.get('resource'),
    action: params.get('action'),
  })
}

const activities: TableRead = { table: 'activities', select: activitySelect, searchColumns: ['summary', 'user_name'] }

/** One page of the log, newest first; `search` matches the summary and the user's name. */
export function listActivities(query: ListQuery, filters: ActivityFilters, path = '/api/admin/activities') {
  // The filters given narrow the rows, and the pager's links keep them.
  const where = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined))
  const keep = Object.entries(where).map(([name, value]) => [name, String(value)] as [string, string])
  return listPage(prisma.activity, { ...activities, query: { ...query, keep }, where, path, map: toActivity })
}

/** The choices of the log screen's filters: every user who appears in it, every resource it holds. */
export async function activityFilterChoices() {
  const [users, resources] = await Promise.all([
    prisma.activity.groupBy({ by: ['user_id', 'user_name'], where: { user_id: { not: null } } }),
    prisma.activity.groupBy({ by: ['resource'], orderBy: { resource: 'asc' } }),
  ])
  // A user renamed meanwhile appears once, under one of their names.
  const byId = new Map(users.map((row) => [row.user_id!, row.user_name]))
  return {
    users: [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    resources: resources.map((row) => row.resource),
    actions: ACTIVITY_ACTIONS,
  }
}

/** Removes the entries older than ACTIVITY_RETENTION_DAYS; returns how many. */
export async function pruneActivities(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - getEnv().ACTIVITY_RETENTION_DAYS * 24 * 3600 * 1000)
  const { count } = await serializeWrite(() => prisma.activity.deleteMany({ where: { created_at: { lt: cutoff } } }))
  return count
}
