import { nullableResponseTime, responseId, responseTime, selectOf, timestamps, z } from '~/utils/response-shape.server'
import { Prisma } from '~/generated/prisma/client'
import { prisma, serializeWrite } from '~/utils/db.server'
import { notFound, validationError, type FieldErrors } from '~/utils/http.server'
import { cachedRead } from '~/public-reads/read-memo.server'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { readTime, startOfDay } from '~/utils/time-input.server'
import { checkInput, requiredText } from '~/utils/validation.server'
import { now } from '~/utils/clock.server'
import { MAX_LIMIT, type ListQuery } from '~/lib/paging'
import { deleteWithContent, noteDroppedImages, richTextResponse, withContentImages } from './content-images.server'
import { adminList, orNotFound, parseId } from '~/models/site/crud.server'
import { fromRegency } from '~/models/regency/villages.server'
import { publicTable, type Narrow } from '~/public-reads/public-table.server'

/**
 * Announcements (docs/api.md "Announcements"): shown in a banner on every public page from `starts_at` until
 * `ends_at` (null: no end), listed at /pengumuman once they have started. They appear and disappear at their times
 * with no write in between: those times expire the caches (publishing.server.ts, CHANGING_TIMES).
 */

/** An announcement as the admin API shows it (docs/api.md "Announcements"); the select of its reads. */
export const announcementResponse = z
  .object({
    id: responseId(),
    title: z.string(),
    content: richTextResponse(),
    starts_at: responseTime(),
    ends_at: nullableResponseTime('ISO 8601, UTC; null: no end.'),
    ...timestamps,
  })
  .strict()
  .openapi('Announcement')
export const announcementSelect = selectOf(announcementResponse)

/** The public's: the same, with where it comes from (the village's own, or the regency's when it hosts the site). */
export const publicAnnouncementResponse = z
  .object({
    ...announcementResponse.shape,
    source: z
      .enum(['desa', 'kabupaten'])
      .openapi({ description: "`desa`: the village's own; `kabupaten`: the regency's (regency hosting)." }),
  })
  .strict()
  .openapi('PublicAnnouncement')

export type AnnouncementRow = Prisma.AnnouncementGetPayload<{ select: typeof announcementSelect }>

const SEARCH = ['title'] as const

/** Where a public announcement comes from: the village itself (a regency's own are `kabupaten`). */
export const VILLAGE_SOURCE = 'desa'

const timeText = (key: string) =>
  z
    .string({ invalid_type_error: `${key} must be a date and time (ISO 8601)` })
    .nullable()
    .optional()

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  title: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\r\n]+/g, ' ') : value),
    requiredText('Title'),
  ),
  content: sanitizedRichText('Content', { required: false }),
  starts_at: timeText('Starts_at'),
  ends_at: timeText('Ends_at'),
})

/**
 * The times of a write: an ISO 8601 time, a wall-clock time in `TZ`, or a date alone (`starts_at`: from the start of
 * that day; `ends_at`: until its end, both in `TZ`). The end not before the start.
 */
function parseAnnouncement(input: Record<string, unknown>) {
  const { data, errors: fieldErrors } = checkInput(schema, input)
  const errors: FieldErrors = {}
  const read = (key: 'Starts_at' | 'Ends_at', value: unknown, required: boolean) => {
    const time = readTime(typeof value === 'string' ? value : value === undefined ? undefined : null)
    if (time.kind === 'missing') {
      if (required) errors[key] = `${key} is required`
      return null
    }
    if (time.kind === 'invalid') {
      errors[key] = `${key} must be a date and time (ISO 8601, or YYYY-MM-DDTHH:mm in the village's time zone)`
      return null
    }
    if (time.kind === 'time') return time.at
    return key === 'Starts_at' ? startOfDay(time.text) : startOfDay(nextDay(time.text))
  }
  const starts = read('Starts_at', input.starts_at, true)
  const ends = read('Ends_at', input.ends_at, false)
  if (starts && ends && ends.getTime() < starts.getTime()) errors.Ends_at = 'Ends_at may not be before Starts_at'
  const all = { ...errors, ...fieldErrors }
  if (Object.keys(all).length || !data || !starts) throw validationError(all)
  return { title: data.title as string, content: data.content as string, starts_at: starts, ends_at: ends }
}

const nextDay = (text: string) =>
  new Date(Date.parse(`${text}T00:00:00Z`) + 24 * 3600 * 1000).toISOString().slice(0, 10)

export const listAnnouncements = adminList<AnnouncementRow>(prisma.announcement, {
  table: 'announcements',
  select: announcementSelect,
  searchColumns: SEARCH,
})

/** What the public sees of announcements (app/public-reads/public-table.server.ts), from the same select. */
const publicAnnouncements = publicTable<AnnouncementRow>({ table: 'announcements', select: announcementSelect })

/** The announcements at a time: those showing (started, not ended), or those started (showing or ended). */
const ANNOUNCEMENT_VIEWS: Record<'showing' | 'started', Omit<Narrow, 'keep'>> = {
  showing: {
    name: 'showing',
    sql: (at) =>
      Prisma.sql`"announcements"."starts_at" <= ${at} AND ("announcements"."ends_at" IS NULL OR "announcements"."ends_at" > ${at})`,
    orderBy: '"starts_at" DESC, "id" DESC',
  },
  started: {
    name: 'started',
    sql: (at) => Prisma.sql`"announcements"."starts_at" <= ${at}`,
    orderBy: '"starts_at" DESC, "id" DESC',
  },
}

const publicList = (which: 'showing' | 'started', query: ListQuery, path: string) =>
  publicAnnouncements.list({ ...query, search: '' }, path, { narrow: { ...ANNOUNCEMENT_VIEWS[which], keep: [] } })

/** Where a public announcement comes from when a regency hosts the village (docs/api.md). */
export const REGENCY_SOURCE = 'kabupaten'

export type PublicAnnouncement = AnnouncementRow & { source: typeof VILLAGE_SOURCE | typeof REGENCY_SOURCE }
const withSource = (row: AnnouncementRow): PublicAnnouncement => ({ ...row, source: VILLAGE_SOURCE })

const showingNow = async () =>
  (await publicList('showing', { page: 1, search: '', limit: MAX_LIMIT }, '/api/public/announcements')).data

/**
 * `GET /api/public/announcements` and the banner of every public page: the announcements showing now, the newest
 * start first (the first hundred: more at once would be no banner). With REGENCY_HOST, the regency's showing now
 * too, marked `kabupaten` (read in the regency's database; the village's data version follows the regency's).
 */
export const showingAnnouncements = () =>
  cachedRead(JSON.stringify(['announcements', 'showing']), async () => {
    const own = (await showingNow()).map(withSource)
    const regency = await fromRegency(showingNow)
    if (!regency) return own
    return [...own, ...regency.map((row): PublicAnnouncement => ({ ...row, source: REGENCY_SOURCE }))].sort(
      (one, other) => other.starts_at.getTime() - one.starts_at.getTime() || other.id - one.id,
    )
  })

/** /pengumuman: a page of the announcements that have started (showing now or ended), the newest start first. */
export const listStartedAnnouncements = (query: ListQuery, path = '/pengumuman') => publicList('started', query, path)

/** /pengumuman/{id}: an announcement that has started, or the contract's 404. */
export const startedAnnouncement = (key: string) =>
  cachedRead(JSON.stringify(['detail', 'announcements', key]), async () => {
    const id = parseId(key)
    const row = id === null ? null : await publicAnnouncements.one('id', id)
    if (!row || row.starts_at.getTime() > now().getTime()) throw notFound('Announcement')
    return withSource(row)
  })

/** `/pengumuman/kabupaten/{id}`: one of the regency's that has started, on a village's site; else the 404. */
export const startedRegencyAnnouncement = async (key: string): Promise<PublicAnnouncement> => {
  const row = await fromRegency(() => startedAnnouncement(key))
  if (!row) throw notFound('Announcement')
  return { ...row, source: REGENCY_SOURCE }
}

export const getAnnouncement = (id: number) =>
  orNotFound(prisma.announcement.findUnique({ where: { id }, select: announcementSelect }), 'Announcement')

export async function createAnnouncement(input: Record<string, unknown>) {
  return withContentImages(parseAnnouncement(input), ['content'], (data) =>
    serializeWrite(() => prisma.announcement.create({ data, select: announcementSelect })),
  )
}

export async function updateAnnouncement(id: number, input: Record<string, unknown>) {
  if (!(await prisma.announcement.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Announcement')
  return withContentImages(parseAnnouncement(input), ['content'], (data) =>
    serializeWrite(async () => {
      const existing = await prisma.announcement.findUnique({ where: { id }, select: { content: true } })
      if (!existing) throw notFound('Announcement')
      await noteDroppedImages(existing.content, data.content)
      return prisma.announcement.update({ where: { id }, data, select: announcementSelect })
    }),
  )
}

export function deleteAnnouncement(id: number) {
  return deleteWithContent('announcements', id, () =>
    serializeWrite(async () => {
      if (!(await prisma.announcement.findUnique({ where: { id }, select: { id: true } })))
        throw notFound('Announcement')
      await prisma.announcement.delete({ where: { id } })
    }),
  )
}
