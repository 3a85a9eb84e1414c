import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { notFound } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { imageAlt, parseInput, requiredText } from '~/utils/validation.server'
import { deleteWithContent, noteDroppedImages, withContentImages } from '~/models/content/content-images.server'
import { adminList, createWithImage, deleteWithImage, orNotFound, updateWithImage } from '~/models/site/crud.server'
import { publicTable } from '~/public-reads/public-table.server'
import { altText, responseId, selectOf, storedImage, timestamps, z } from '~/utils/response-shape.server'

/** An official as every answer shows it (docs/api.md "Items"); the select of every read and the API's `Aparatur`. */
export const aparaturResponse = z
  .object({
    id: responseId(),
    image: storedImage('aparaturs'),
    image_alt: altText(),
    name: z.string(),
    position: z.string(),
    description: z.string(),
    ...timestamps,
  })
  .openapi('Aparatur')
export const aparaturSelect = selectOf(aparaturResponse)

const SEARCH = ['name', 'position'] as const
const HOME_COUNT = 6

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  name: requiredText('Name'),
  position: requiredText('Position'),
  description: sanitizedRichText('Description', { required: false }),
  image_alt: imageAlt(),
})

type AparaturRow = Prisma.AparaturGetPayload<{ select: typeof aparaturSelect }>
const aparaturs = { table: 'aparaturs', select: aparaturSelect, searchColumns: SEARCH }

export const listAparaturs = adminList<AparaturRow>(prisma.aparatur, aparaturs)

/** What the public sees of aparaturs (app/public-reads/public-table.server.ts), from the same select. */
const publicAparaturs = publicTable<AparaturRow>(aparaturs)

export const listPublicAparaturs = (query: ListQuery, path = '/api/public/aparaturs') =>
  publicAparaturs.list(query, path)

export const homeAparaturs = () => publicAparaturs.newest(HOME_COUNT)

export const getAparatur = (id: number) =>
  orNotFound(prisma.aparatur.findUnique({ where: { id }, select: aparaturSelect }), 'Aparatur')

/** The public detail is by id as well (the site links /aparaturs/{id}). */
export const getPublicAparatur = (id: number) => orNotFound(publicAparaturs.one('id', id), 'Aparatur')

export async function createAparatur(input: Record<string, unknown>) {
  return withContentImages(parseInput(schema, input), ['description'], (data) =>
    createWithImage('aparaturs', input, (image) =>
      prisma.aparatur.create({ data: { ...data, image }, select: aparaturSelect }),
    ),
  )
}

export async function updateAparatur(id: number, input: Record<string, unknown>) {
  if (!(await prisma.aparatur.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Aparatur')
  const stored = () =>
    orNotFound(prisma.aparatur.findUnique({ where: { id }, select: { image: true, description: true } }), 'Aparatur')
  return withContentImages(parseInput(schema, input), ['description'], (data) =>
    updateWithImage('aparaturs', input, stored, async (existing, picture) => {
      await noteDroppedImages(existing.description, data.description)
      return prisma.aparatur.update({ where: { id }, data: { ...data, ...picture }, select: aparaturSelect })
    }),
  )
}

export const deleteAparatur = (id: number) =>
  deleteWithContent('aparaturs', id, () => deleteWithImage('aparaturs', 'Aparatur', id))
