import { z } from 'zod'
import {
  altText,
  publishingShape,
  responseId,
  responseTime,
  storedImage,
  timestamps,
  z as shape,
} from '~/utils/response-shape.server'
import { MAX_AMOUNT } from '~/lib/budget-totals'
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { now } from '~/utils/clock.server'
import { notFound } from '~/utils/http.server'
import { cachedRead } from '~/public-reads/read-memo.server'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { parseMediaUpload, removeImage, writeWithImage } from '~/utils/upload-pipeline.server'
import { imageAlt, optionalText, parseInput, requiredText } from '~/utils/validation.server'
import { developmentFilters, filterParams, stageOf, STAGES, type Stage } from '~/lib/pembangunan'
import type { ListQuery } from '~/lib/paging'
import { recordActivity, type Actor } from '~/models/accounts/activity.server'
import { fiscalYear, rupiahField } from './budget.server'
import { deleteWithContent, noteDroppedImages, withContentImages } from '~/models/content/content-images.server'
import { createWithImage, deleteWithImage, orNotFound, updateWithImage } from '~/models/site/crud.server'
import { PUBLISHED_COLUMNS, publishedFields, statusList } from '~/models/content/published-crud.server'
import { publicTable } from '~/public-reads/public-table.server'
import { publicFilter, publicOrderBy, publishingFields, visibleWhere } from '~/models/content/publishing.server'
import { refuseGamblingSpam } from '~/models/citizen-services/spam.server'
import { coordinate } from './coordinates.server'

/**
 * Development projects (docs/api.md "Development projects"): published like posts, with a picture of their own and
 * progress photos (both of the upload kind `developments`, through the upload pipeline), a stage derived from the
 * progress (app/lib/pembangunan.ts), and a public list filtered by year and stage.
 */

const photoSelect = { id: true, image: true, image_alt: true, caption: true, progress: true, created_at: true } as const

/** The columns of a project (its photos are read apart: the lists leave them out). */
const developmentColumns = {
  id: true,
  title: true,
  slug: true,
  description: true,
  location: true,
  latitude: true,
  longitude: true,
  year: true,
  budget: true,
  funding_source: true,
  implementer: true,
  volume: true,
  start_date: true,
  end_date: true,
  progress: true,
  image: true,
  image_alt: true,
  status: true,
  published_at: true,
  created_at: true,
  updated_at: true,
} as const

const developmentSelect = {
  ...developmentColumns,
  photos: { select: photoSelect, orderBy: { id: 'asc' } },
} as const

type DevelopmentRow = Prisma.DevelopmentGetPayload<{ select: typeof developmentColumns }>
type PhotoRow = Prisma.DevelopmentPhotoGetPayload<{ select: typeof photoSelect }>

/** The contract's project: its budget as a number (stored as BigInt, as budget amounts are), and its stage. */
const toDevelopment = (row: DevelopmentRow) => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  description: row.description,
  location: row.location,
  latitude: row.latitude,
  longitude: row.longitude,
  year: row.year,
  budget: Number(row.budget),
  funding_source: row.funding_source,
  implementer: row.implementer,
  volume: row.volume,
  start_date: row.start_date,
  end_date: row.end_date,
  progress: row.progress,
  stage: stageOf(row.progress),
  image: row.image,
  image_alt: row.image_alt,
  status: row.status,
  published_at: row.published_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
})
const withPhotos = (row: DevelopmentRow, photos: PhotoRow[]) => ({ ...toDevelopment(row), photos })

export type Development = ReturnType<typeof toDevelopment>
export type DevelopmentDetail = ReturnType<typeof withPhotos>

// The answers' shapes (docs/api.md "Development projects"), as the OpenAPI document names them.
export const developmentPhotoResponse = shape
  .object({
    id: responseId(),
    image: shape.string().openapi({ description: 'The stored file name; served at `/uploads/developments/{image}`.' }),
    image_alt: altText(),
    caption: shape.string(),
    progress: shape.number().int().min(0).max(100).nullable(),
    created_at: responseTime(),
  })
  .strict()
  .openapi('DevelopmentPhoto')
export const developmentResponse = shape
  .object({
    id: responseId(),
    title: shape.string(),
    slug: shape.string(),
    description: shape.string().openapi({ description: 'Sanitised HTML' }),
    location: shape.string(),
    latitude: shape.number().min(-90).max(90).nullable(),
    longitude: shape.number().min(-180).max(180).nullable(),
    year: shape.number().int(),
    budget: shape.number().int().min(0).max(MAX_AMOUNT).openapi({ description: 'Whole rupiah, 0 to 10^15' }),
    funding_source: shape.string(),
    implementer: shape.string(),
    volume: shape.string(),
    start_date: shape.string().nullable().openapi({ format: 'date', description: '`YYYY-MM-DD` or null' }),
    end_date: shape.string().nullable().openapi({ format: 'date', description: '`YYYY-MM-DD` or null' }),
    progress: shape.number().int().min(0).max(100),
    stage: shape
      .enum(STAGES)
      .openapi({ description: 'Derived: `rencana` at 0, `berjalan` below 100, `selesai` at 100.' }),
    image: storedImage('developments'),
    image_alt: altText(),
    ...publishingShape,
    ...timestamps,
    photos: shape
      .array(developmentPhotoResponse)
      .optional()
      .openapi({ description: 'Oldest first; in a project read alone, not in lists.' }),
  })
  .strict()
  .openapi('Development')

const SEARCH = ['title'] as const

// ---------------------------------------------------------------------------------------------------------------
// Input

const progressField = (label: string) => {
  const message = `${label} must be a whole number from 0 to 100`
  return z.preprocess(
    (value) => {
      if (value === null) return undefined
      if (typeof value === 'string')
        return value.trim() === '' ? undefined : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
      return value
    },
    z.number({ invalid_type_error: message }).int(message).min(0, message).max(100, message).optional(),
  )
}

/** A date `YYYY-MM-DD` that exists; blank or null is none. */
const day = (label: string) => {
  const message = `${label} must be a date (YYYY-MM-DD)`
  return z.preprocess(
    (value) =>
      value === undefined || value === null ? null : typeof value === 'string' ? value.trim() || null : value,
    z
      .string({ invalid_type_error: message })
      .regex(/^\d{4}-\d\d-\d\d$/, message)
      .refine((text) => {
        // A day that does not exist (2026-02-30) is an invalid date, or another day.
        const date = new Date(`${text}T00:00:00Z`)
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
      }, message)
      .nullable(),
  )
}

const fields = {
  title: requiredText('Title'),
  description: sanitizedRichText('Description', { required: false }),
  location: requiredText('Location'),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  year: fiscalYear(),
  budget: rupiahField('Budget'),
  funding_source: requiredText('Funding source'),
  implementer: optionalText('Implementer'),
  volume: optionalText('Volume'),
  start_date: day('Start_date'),
  end_date: day('End_date'),
  progress: progressField('Progress'),
  image_alt: imageAlt(),
  ...publishingFields,
}

/**
 * What a write of a project takes (both doors; the API document describes it from here too). A latitude needs its
 * longitude and the other way round (the error is on the missing one); the end may not be before the start.
 */
export const schema = z.object(fields).superRefine((data, context) => {
  if (data.latitude !== null && data.longitude === null)
    context.addIssue({ code: 'custom', path: ['longitude'], message: 'Longitude is required with a latitude' })
  if (data.longitude !== null && data.latitude === null)
    context.addIssue({ code: 'custom', path: ['latitude'], message: 'Latitude is required with a longitude' })
  if (data.start_date && data.end_date && data.end_date < data.start_date)
    context.addIssue({ code: 'custom', path: ['end_date'], message: 'End_date may not be before Start_date' })
})

/** A progress photo: the image (required), its caption, alt text and the progress it shows. */
export const photoSchema = z.object({
  caption: optionalText('Caption'),
  image_alt: imageAlt(),
  progress: progressField('Progress'),
})

// ---------------------------------------------------------------------------------------------------------------
// Admin

const developments = { table: 'developments', select: developmentColumns, searchColumns: SEARCH }

export const listDevelopments = statusList(prisma.development, developments, toDevelopment)

export async function getDevelopment(id: number): Promise<DevelopmentDetail> {
  const { photos, ...row } = await orNotFound(
    prisma.development.findUnique({ where: { id }, select: developmentSelect }),
    'Development',
  )
  return withPhotos(row, photos)
}

export async function createDevelopment(input: Record<string, unknown>) {
  return withContentImages(parseInput(schema, input), ['description'], (data) =>
    createWithImage('developments', input, async (image) => {
      const fields = await publishedFields(prisma.development, data, 'pembangunan')
      const { photos, ...row } = await prisma.development.create({
        data: {
          ...fields,
          progress: data.progress ?? 0,
          image_alt: data.image_alt ?? '',
          budget: BigInt(data.budget),
          image,
        },
        select: developmentSelect,
      })
      return withPhotos(row, photos)
    }),
  )
}

/** Without a new file the picture stays; with one, the old file goes once the row is saved. */
export async function updateDevelopment(id: number, input: Record<string, unknown>) {
  if (!(await prisma.development.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Development')
  const stored = () =>
    orNotFound(
      prisma.development.findUnique({
        where: { id },
        select: { ...PUBLISHED_COLUMNS, image: true, description: true },
      }),
      'Development',
    )
  return withContentImages(parseInput(schema, input), ['description'], (data) =>
    updateWithImage('developments', input, stored, async (existing, picture) => {
      const fields = await publishedFields(prisma.development, data, 'pembangunan', { id, row: existing })
      await noteDroppedImages(existing.description, data.description)
      const { photos, ...row } = await prisma.development.update({
        where: { id },
        data: { ...fields, progress: data.progress ?? 0, budget: BigInt(data.budget), ...picture },
        select: developmentSelect,
      })
      return withPhotos(row, photos)
    }),
  )
}

/** The project, its picture, its photos' files and the images of its description. */
export async function deleteDevelopment(id: number) {
  const photos = await prisma.developmentPhoto.findMany({ where: { development_id: id }, select: { image: true } })
  await deleteWithContent('developments', id, () => deleteWithImage('developments', 'Development', id))
  for (const photo of photos) await removeImage('developments', photo.image).catch(() => undefined)
}

const projectTitle = async (id: number) => {
  const project = await prisma.development.findUnique({ where: { id }, select: { title: true } })
  if (!project) throw notFound('Development')
  return project.title
}

/**
 * `POST /api/admin/developments/{id}/photos` (both doors): a progress photo, last in the project's order. Its caption
 * and alt text pass the gambling spam guard first; the activity log names the project (`update`, `photos`).
 */
export async function addDevelopmentPhoto(id: number, input: Record<string, unknown>, actor: Actor) {
  const title = await projectTitle(id)
  await refuseGamblingSpam(
    actor,
    { resource: 'developments', id },
    { caption: input.caption, image_alt: input.image_alt },
  )
  const photo = await storePhoto(id, input)
  await recordPhotosChange(actor, id, title)
  return photo
}

/** The activity log's entry of a change of a project's photos (`update`, `photos`). */
const recordPhotosChange = (actor: Actor, id: number, title: string) =>
  recordActivity({
    actor,
    action: 'update',
    resource: 'developments',
    resourceId: id,
    summary: title,
    changes: ['photos'],
  })

async function storePhoto(id: number, input: Record<string, unknown>) {
  const { data, file } = parseMediaUpload(photoSchema, input)
  return writeWithImage('developments', file, async (image) => {
    if (!(await prisma.development.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Development')
    const photo = await prisma.developmentPhoto.create({
      data: {
        development_id: id,
        image: image!,
        caption: data.caption,
        image_alt: data.image_alt ?? '',
        progress: data.progress ?? null,
      },
      select: photoSelect,
    })
    // The project's own time of change: its public page shows the new photo.
    await prisma.development.update({ where: { id }, data: { updated_at: new Date() }, select: { id: true } })
    return { result: photo }
  })
}

/** `DELETE /api/admin/developments/{id}/photos/{photo_id}`: the photo and its files (404 when it is another's). */
export async function deleteDevelopmentPhoto(id: number, photoId: number, actor: Actor) {
  const title = await projectTitle(id)
  await writeWithImage('developments', undefined, async () => {
    const photo = await prisma.developmentPhoto.findFirst({
      where: { id: photoId, development_id: id },
      select: { image: true },
    })
    if (!photo) throw notFound('Photo')
    await prisma.developmentPhoto.delete({ where: { id: photoId } })
    await prisma.development.update({ where: { id }, data: { updated_at: new Date() }, select: { id: true } })
    return { result: undefined, replaced: photo.image }
  })
  await recordPhotosChange(actor, id, title)
}

// ---------------------------------------------------------------------------------------------------------------
// Public: only what the publishing rule lets the public see (publishing.server.ts)

/** What the public sees of projects (app/public-reads/public-table.server.ts): published, newest first. */
export const publicDevelopments = publicTable<DevelopmentRow>({
  ...developments,
  visible: () => publicFilter('developments'),
})

/** The condition of each stage on the progress (app/lib/pembangunan.ts, stageOf). */
const STAGE_SQL: Record<Stage, Prisma.Sql> = {
  rencana: Prisma.sql`"developments"."progress" <= 0`,
  berjalan: Prisma.sql`"developments"."progress" > 0 AND "developments"."progress" < 100`,
  selesai: Prisma.sql`"developments"."progress" >= 100`,
}

/**
 * The public list: newest publish time first, 9 to a page, `search` on the title, `?year=` and `?stage=` of the
 * address (app/lib/pembangunan.ts) narrowing the publishing rule, kept in the paging links.
 */
export function listPublicDevelopments(query: ListQuery, path = '/api/public/developments', params?: URLSearchParams) {
  const filters = developmentFilters(params ?? new URLSearchParams())
  const keep = filterParams(filters)
  if (!keep.length) return publicDevelopments.list(query, path, { map: publicDevelopment })
  const conditions = [
    ...(filters.year !== undefined ? [Prisma.sql`"developments"."year" = ${filters.year}`] : []),
    ...(filters.stage ? [STAGE_SQL[filters.stage]] : []),
  ]
  return publicDevelopments.list(query, path, {
    narrow: { name: 'filtered', sql: () => Prisma.join(conditions, ' AND '), keep },
    map: publicDevelopment,
  })
}

/** A row of the public list as the API gives it (each row object once: the read memo shares them). */
const publicRowsMade = new WeakMap<DevelopmentRow, Development>()
function publicDevelopment(row: DevelopmentRow): Development {
  let made = publicRowsMade.get(row)
  if (!made) publicRowsMade.set(row, (made = toDevelopment(row)))
  return made
}

const photosOf = (id: number) =>
  prisma.developmentPhoto.findMany({ where: { development_id: id }, select: photoSelect, orderBy: { id: 'asc' } })

/** A published project by its slug, with its photos; the contract's 404 otherwise. */
export async function publishedDevelopment(slug: string): Promise<DevelopmentDetail> {
  const row = await orNotFound(publicDevelopments.one('slug', slug), 'Development')
  return withPhotos(row, await photosOf(row.id))
}

/** Any project by its slug, whatever its status: the preview of staff who may edit it (never cached). */
export async function previewDevelopment(slug: string): Promise<DevelopmentDetail | null> {
  const row = await prisma.development.findUnique({ where: { slug }, select: developmentColumns })
  return row && withPhotos(row, await photosOf(row.id))
}

/** The years of the published projects, newest first (the public list's year filter), once per data version. */
export const developmentYears = () =>
  cachedRead(JSON.stringify(['developments', 'years']), async () => {
    const rows = await prisma.development.findMany({
      where: visibleWhere(now()),
      select: { year: true },
      distinct: ['year'],
      orderBy: { year: 'desc' },
    })
    return rows.map((row) => row.year)
  })

/** The projects under way (any status, as staff count them): the dashboard's `running_developments`. */
export const countRunningDevelopments = () => prisma.development.count({ where: { progress: { gt: 0, lt: 100 } } })

/** Every published project for the sitemap. */
export const sitemapDevelopments = (take: number) =>
  prisma.development.findMany({
    where: visibleWhere(now()),
    select: { slug: true, updated_at: true },
    orderBy: publicOrderBy(),
    take,
  })
