import { z } from 'zod'
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { notFound } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { cachedRead } from '~/public-reads/read-memo.server'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { stagedImage, writeWithImage } from '~/utils/upload-pipeline.server'
import { imageAlt, parseInput, requiredText } from '~/utils/validation.server'
import { deleteWithContent, noteDroppedImages, withContentImages } from './content-images.server'
import { deleteWithImage, listPage, orNotFound, publicRows } from './crud.server'

export const aparaturSelect = {
  id: true,
  image: true,
  image_alt: true,
  name: true,
  position: true,
  description: true,
  created_at: true,
  updated_at: true,
} as const

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

export const listAparaturs = (query: ListQuery, path: string) =>
  listPage<AparaturRow>(prisma.aparatur, {
    table: 'aparaturs',
    select: aparaturSelect,
    searchColumns: SEARCH,
    query,
    path,
  })

/** What the public sees of aparaturs, read in one statement each (crud.server.ts, publicRows). */
const publicAparaturs = publicRows<AparaturRow>('aparaturs', aparaturSelect)

export const listPublicAparaturs = (query: ListQuery, path = '/api/public/aparaturs') =>
  listPage<AparaturRow>(prisma.aparatur, {
    table: 'aparaturs',
    select: aparaturSelect,
    searchColumns: SEARCH,
    query,
    path,
    memo: cachedRead,
    rows: publicAparaturs.byIds,
  })

export const homeAparaturs = () => publicAparaturs.newest(HOME_COUNT)

export const getAparatur = (id: number) =>
  orNotFound(prisma.aparatur.findUnique({ where: { id }, select: aparaturSelect }), 'Aparatur')

/** The public detail is by id as well (the site links /aparaturs/{id}). */
export const getPublicAparatur = (id: number) => orNotFound(publicAparaturs.one('id', id), 'Aparatur')

export async function createAparatur(input: Record<string, unknown>) {
  return withContentImages(parseInput(schema, input), ['description'], (data) =>
    writeWithImage('aparaturs', stagedImage(input), async (image) => {
      const result = await prisma.aparatur.create({ data: { ...data, image: image ?? null }, select: aparaturSelect })
      return { result }
    }),
  )
}

export async function updateAparatur(id: number, input: Record<string, unknown>) {
  if (!(await prisma.aparatur.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Aparatur')
  return withContentImages(parseInput(schema, input), ['description'], (data) =>
    writeWithImage('aparaturs', stagedImage(input), async (image) => {
      const existing = await prisma.aparatur.findUnique({ where: { id }, select: { image: true, description: true } })
      if (!existing) throw notFound('Aparatur')
      await noteDroppedImages(existing.description, data.description)
      const result = await prisma.aparatur.update({
        where: { id },
        data: { ...data, ...(image ? { image } : {}) },
        select: aparaturSelect,
      })
      return { result, replaced: image ? existing.image : null }
    }),
  )
}

export const deleteAparatur = (id: number) =>
  deleteWithContent('aparaturs', id, () => deleteWithImage('aparaturs', 'Aparatur', id))
