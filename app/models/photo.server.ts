import { z } from 'zod'
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import type { ListQuery } from '~/lib/paging'
import { cachedRead } from '~/public-reads/read-memo.server'
import { parseMediaUpload, writeWithImage } from '~/utils/upload-pipeline.server'
import { imageAlt, optionalText, requiredText } from '~/utils/validation.server'
import { deleteWithImage, listPage, orNotFound, publicRows } from './crud.server'

export const photoSelect = {
  id: true,
  image: true,
  image_alt: true,
  caption: true,
  description: true,
  created_at: true,
  updated_at: true,
} as const

const SEARCH = ['caption', 'description'] as const
const HOME_COUNT = 6

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  caption: requiredText('Caption'),
  description: optionalText('Description', 1000),
  image_alt: imageAlt(),
})

type PhotoRow = Prisma.PhotoGetPayload<{ select: typeof photoSelect }>

export const listPhotos = (query: ListQuery, path: string) =>
  listPage<PhotoRow>(prisma.photo, { table: 'photos', select: photoSelect, searchColumns: SEARCH, query, path })

/** One photo (the activity log reads it before a delete; photos have no detail call). */
export const findPhoto = (id: number) =>
  orNotFound(prisma.photo.findUnique({ where: { id }, select: photoSelect }), 'Photo')

const publicPhotos = publicRows<PhotoRow>('photos', photoSelect)

export const listPublicPhotos = (query: ListQuery, path = '/api/public/photos') =>
  listPage<PhotoRow>(prisma.photo, {
    table: 'photos',
    select: photoSelect,
    searchColumns: SEARCH,
    query,
    path,
    memo: cachedRead,
    rows: publicPhotos.byIds,
  })

export const homePhotos = () => publicPhotos.newest(HOME_COUNT)

/** The image is required: every field is checked (and every error reported) before it is stored. */
export async function createPhoto(input: Record<string, unknown>) {
  const { data, file } = parseMediaUpload(schema, input)
  return writeWithImage('photos', file, async (image) => {
    const result = await prisma.photo.create({ data: { ...data, image: image! }, select: photoSelect })
    return { result }
  })
}

export const deletePhoto = (id: number) => deleteWithImage('photos', 'Photo', id)
