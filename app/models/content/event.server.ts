import {
  altText,
  nullableResponseTime,
  publishingShape,
  responseId,
  selectOf,
  storedImage,
  timestamps,
  z,
} from '~/utils/response-shape.server'
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { notFound, validationError, type FieldErrors } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { readTime } from '~/utils/time-input.server'
import { checkInput, imageAlt, optionalText, requiredText } from '~/utils/validation.server'
import { eventEndedAt } from '~/lib/event-times'
import { locationFields, pointErrors } from '~/models/village-info/coordinates.server'
import { deleteWithContent, noteDroppedImages, richTextResponse, withContentImages } from './content-images.server'
import { createWithImage, deleteWithImage, orNotFound, updateWithImage } from '~/models/site/crud.server'
import { PUBLISHED_COLUMNS, publishedFields, statusList } from './published-crud.server'
import { publicTable, type Narrow } from '~/public-reads/public-table.server'
import { publicFilter, publishingFields } from './publishing.server'

/**
 * The agenda (docs/api.md "Agenda"): events with a start, an end or a whole day, a place, an organiser and a picture,
 * published like posts. An event has ended when its end has passed (without one: its start; an all-day event: the end
 * of its last day in `TZ`): the stored `ended_at`, written with every save, which the upcoming and past lists read and
 * whose passing expires the caches (publishing.server.ts, CHANGING_TIMES).
 */

/** An event as the API shows it (docs/api.md "Agenda"); the select of its reads (`ended_at` stays inside). */
export const eventResponse = z
  .object({
    id: responseId(),
    title: z.string(),
    slug: z.string(),
    description: richTextResponse(),
    location: z.string(),
    starts_at: z.date().openapi({
      type: 'string',
      format: 'date-time',
      description: 'ISO 8601, UTC; an all-day event: midnight UTC of its first day.',
    }),
    ends_at: nullableResponseTime('ISO 8601, UTC, or null; an all-day event: midnight UTC of its last day.'),
    all_day: z.boolean(),
    organizer: z.string(),
    image: storedImage('events'),
    image_alt: altText(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    ...publishingShape,
    ...timestamps,
  })
  .strict()
  .openapi('Event')
export const eventSelect = selectOf(eventResponse)

export type EventRow = Prisma.EventGetPayload<{ select: typeof eventSelect }>

const SEARCH = ['title'] as const

/** A title, place or organiser is one line: a line break inside it becomes a space (it goes into iCalendar lines). */
const oneLine = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.replace(/[\r\n]+/g, ' ') : value), schema)

/** `all_day`: JSON true or false; a form's or multipart's `1`/`0`, `true`/`false` (missing: false). */
const allDay = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return false
    if (typeof value !== 'string') return value
    const text = value.trim().toLowerCase()
    if (text === '' || text === '0' || text === 'false') return false
    if (text === '1' || text === 'true') return true
    return value
  },
  z.boolean({ invalid_type_error: 'All_day must be 1, 0, true or false' }),
)

/** A time as text (read by readTime below, once `all_day` is known). */
const timeText = (key: string) =>
  z
    .string({ invalid_type_error: `${key} must be a date and time (ISO 8601) or a date (YYYY-MM-DD)` })
    .nullable()
    .optional()

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  title: oneLine(requiredText('Title')),
  description: sanitizedRichText('Description', { required: false }),
  location: oneLine(optionalText('Location')),
  organizer: oneLine(optionalText('Organizer')),
  all_day: allDay,
  starts_at: timeText('Starts_at'),
  ends_at: timeText('Ends_at'),
  image_alt: imageAlt(),
  // Where it takes place, both or neither (docs/api.md "Village map (peta desa)").
  ...locationFields,
  ...publishingFields,
})

type EventTimesInput = { starts_at: Date; ends_at: Date | null; all_day: boolean; ended_at: Date }

/**
 * The start and end of a write: dates alone for an all-day event (a time is refused), dates with times otherwise;
 * the end not before the start. Errors under `Starts_at` and `Ends_at`.
 */
function eventTimes(data: { starts_at?: string | null; ends_at?: string | null; all_day: boolean | null }) {
  const errors: FieldErrors = {}
  const read = (key: 'Starts_at' | 'Ends_at', value: string | null | undefined, required: boolean) => {
    const time = readTime(value)
    if (time.kind === 'missing') {
      if (required) errors[key] = `${key} is required`
      return null
    }
    if (time.kind === 'invalid') {
      errors[key] = data.all_day
        ? `${key} must be a date (YYYY-MM-DD)`
        : `${key} must be a date and time (ISO 8601, or YYYY-MM-DDTHH:mm in the village's time zone)`
      return null
    }
    // With an all_day that is no boolean (its own error), either kind is taken.
    if (data.all_day === true && time.kind !== 'day') {
      errors[key] = `An all-day event takes a date without a time: ${key} must be a date (YYYY-MM-DD)`
      return null
    }
    if (data.all_day === false && time.kind === 'day') {
      errors[key] = `${key} needs a time as well (or set all_day for an event of whole days)`
      return null
    }
    return time.at
  }
  const starts = read('Starts_at', data.starts_at, true)
  const ends = read('Ends_at', data.ends_at, false)
  if (starts && ends && ends.getTime() < starts.getTime()) errors.Ends_at = 'Ends_at may not be before Starts_at'
  return { errors, times: starts ? { starts, ends } : null }
}

/** Fields and times checked together, every problem at once (422), before any file is stored. */
function parseEvent(input: Record<string, unknown>) {
  const { data, errors } = checkInput(schema, input)
  const given = allDay.safeParse(input.all_day)
  const times = eventTimes({
    starts_at: typeof input.starts_at === 'string' ? input.starts_at : null,
    ends_at: typeof input.ends_at === 'string' ? input.ends_at : null,
    all_day: given.success ? given.data : null,
  })
  const all = { ...times.errors, ...(data ? pointErrors(data) : {}), ...errors }
  if (Object.keys(all).length || !data || !times.times) throw validationError(all)
  // The times as text give way to the times read.
  const { starts_at, ends_at, ...fields } = data
  const at: EventTimesInput = {
    starts_at: times.times.starts,
    ends_at: times.times.ends,
    all_day: data.all_day,
    ended_at: eventEndedAt(
      { starts_at: times.times.starts, ends_at: times.times.ends, all_day: data.all_day },
      getEnv().TZ,
    ),
  }
  return { ...fields, ...at }
}

type ParsedEvent = ReturnType<typeof parseEvent>

const events = { table: 'events', select: eventSelect, searchColumns: SEARCH }

export const listEvents = statusList<EventRow>(prisma.event, events)

/** What the public sees of events (app/public-reads/public-table.server.ts), from the same select. */
export const publicEvents = publicTable<EventRow>({ ...events, visible: () => publicFilter('events') })

export type EventsWhen = 'upcoming' | 'past'
export const parseWhen = (value: string | null | undefined): EventsWhen => (value === 'past' ? 'past' : 'upcoming')

/**
 * The public events at a time: upcoming (not yet ended, soonest first) or past (ended, the latest end first; an event
 * without an end by its start).
 */
const EVENTS_VIEWS: Record<EventsWhen, Omit<Narrow, 'keep'>> = {
  upcoming: {
    name: 'upcoming',
    sql: (at) => Prisma.sql`"events"."ended_at" > ${at}`,
    orderBy: '"starts_at" ASC, "id" ASC',
  },
  past: {
    name: 'past',
    sql: (at) => Prisma.sql`"events"."ended_at" <= ${at}`,
    orderBy: 'COALESCE("ends_at", "starts_at") DESC, "id" DESC',
  },
}

/** `GET /api/public/events?page&when` (and the agenda's screens): a page of upcoming or past events (not searched). */
export const listPublicEvents = (query: ListQuery, when: EventsWhen, path = '/api/public/events') =>
  publicEvents.list({ ...query, search: '' }, path, {
    narrow: { ...EVENTS_VIEWS[when], keep: when === 'past' ? [['when', 'past']] : [] },
  })

/** The first upcoming events (the home page's "Agenda Mendatang"). */
export const upcomingEvents = async (count: number) =>
  (await listPublicEvents({ page: 1, search: '', limit: count }, 'upcoming')).data

export const getEvent = (id: number) =>
  orNotFound(prisma.event.findUnique({ where: { id }, select: eventSelect }), 'Event')

export const getEventBySlug = (slug: string) => orNotFound(publicEvents.one('slug', slug), 'Event')

/** Any event by its slug, whatever its status: the preview of staff who may edit it (never cached). */
export const previewEvent = (slug: string) => prisma.event.findUnique({ where: { slug }, select: eventSelect })

/** Every event the public may see, newest publish time first (the feed `/agenda.ics`, the sitemap). */
export const allPublicEvents = () => publicEvents.newest()

export async function createEvent(input: Record<string, unknown>) {
  return withContentImages(parseEvent(input), ['description'], (data) =>
    createWithImage('events', input, async (image) => {
      const fields = await publishedFields(prisma.event, data, 'agenda')
      return prisma.event.create({ data: { ...fields, image }, select: eventSelect })
    }),
  )
}

/** Without a new file the old picture stays; with one, the old file is removed once the row is saved. */
export async function updateEvent(id: number, input: Record<string, unknown>) {
  if (!(await prisma.event.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Event')
  return withContentImages(parseEvent(input), ['description'], (data) => replaceEvent(id, data, input))
}

async function replaceEvent(id: number, data: ParsedEvent, input: Record<string, unknown>) {
  const stored = () =>
    orNotFound(
      prisma.event.findUnique({ where: { id }, select: { ...PUBLISHED_COLUMNS, image: true, description: true } }),
      'Event',
    )
  return updateWithImage('events', input, stored, async (existing, picture) => {
    const fields = await publishedFields(prisma.event, data, 'agenda', { id, row: existing })
    await noteDroppedImages(existing.description, data.description)
    return prisma.event.update({ where: { id }, data: { ...fields, ...picture }, select: eventSelect })
  })
}

export const deleteEvent = (id: number) => deleteWithContent('events', id, () => deleteWithImage('events', 'Event', id))
