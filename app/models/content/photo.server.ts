import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import type { ListQuery } from '~/lib/paging'
import { createWithMedia } from '~/utils/upload-pipeline.server'
import { imageAlt, optionalText, requiredText } from '~/utils/validation.server'
import { adminList, deleteWithImage, orNotFound } from '~/models/site/crud.server'
import { publicTable } from '~/public-reads/public-table.server'
import { altText, responseId, selectOf, storedImage, timestamps, z } from '~/utils/response-shape.server'

/** A photo as every answer shows it (docs/api.md "Items"); the select of every read and the API's `Photo`. */
export const photoResponse = z
  .object({
    id: responseId(),
    image: storedImage('photos'),
    image_alt: altText(),
    caption: z.string(),
    description: z.string(),
    ...timestamps,
  })
  .openapi('Photo')
export const photoSelect = selectOf(photoResponse)

const SEARCH = ['caption', 'description'] as const
const HOME_COUNT = 6

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  caption: requiredText('Caption'),
  description: optionalText('Description', 1000),
  image_alt: imageAlt(),
})

type PhotoRow = Prisma.PhotoGetPayload<{ select: typeof photoSelect }>
const photos = { table: 'photos', select: photoSelect, searchColumns: SEARCH }

export const listPhotos = adminList<PhotoRow>(prisma.photo, photos)

/** One photo (the activity log reads it before a delete; photos have no detail call). */
export const findPhoto = (id: number) =>
  orNotFound(prisma.photo.findUnique({ where: { id }, select: photoSelect }), 'Photo')

/** What the public sees of photos (app/public-reads/public-table.server.ts), from the same select. */
const publicPhotos = publicTable<PhotoRow>(photos)

export const listPublicPhotos = (query: ListQuery, path = '/api/public/photos') => publicPhotos.list(query, path)

export const homePhotos = () => publicPhotos.newest(HOME_COUNT)

/** The image is required: every field is checked (and every error reported) before it is stored. */
export const createPhoto = (input: Record<string, unknown>) =>
  createWithMedia('photos', schema, input, (data, image) =>
    prisma.photo.create({ data: { ...data, image }, select: photoSelect }),
  )

export const deletePhoto = (id: number) => deleteWithImage('photos', 'Photo', id)
