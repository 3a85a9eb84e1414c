import { z } from 'zod'
import { prisma } from '~/server/db.server'
import { notFound } from '~/server/http.server'
import type { ListQuery } from '~/lib/paging'
import { cachedRead } from '~/server/public-cache.server'
import { sanitizedRichText } from '~/server/sanitize.server'
import { stagedImage, writeWithImage } from '~/server/uploads.server'
import { parseInput, requiredText } from '~/server/validation.server'
import { listPage, publicRows } from './crud.server'

export const aparaturSelect = {
  id: true,
  image: true,
  name: true,
  position: true,
  description: true,
  created_at: true,
  updated_at: true,
} as const

const SEARCH = ['name', 'position'] as const
const HOME_COUNT = 6

const schema = z.object({
  name: requiredText('Name'),
  position: requiredText('Position'),
  description: sanitizedRichText('Description', { required: false }),
})

export const listAparaturs = (query: ListQuery, path = '/api/admin/aparaturs') =>
  listPage(prisma.aparatur, { table: 'aparaturs', select: aparaturSelect, searchColumns: SEARCH, query, path })

const publicAparaturs = publicRows<Awaited<ReturnType<typeof getAparatur>>>('aparaturs', aparaturSelect)

export const listPublicAparaturs = (query: ListQuery, path = '/api/public/aparaturs') =>
  listPage<Awaited<ReturnType<typeof getAparatur>>>(prisma.aparatur, { table: 'aparaturs', select: aparaturSelect, searchColumns: SEARCH, query, path, memo: cachedRead, rows: publicAparaturs.byIds })

export const homeAparaturs = () => publicAparaturs.newest(HOME_COUNT)

export async function getAparatur(id: number) {
  const row = await prisma.aparatur.findUnique({ where: { id }, select: aparaturSelect })
  if (!row) throw notFound('Aparatur')
  return row
}

/** The public detail is by id as well (the site links /aparaturs/{id}). */
export async function getPublicAparatur(id: number) {
  const row = await publicAparaturs.one('id', id)
  if (!row) throw notFound('Aparatur')
  return row
}

export async function createAparatur(input: Record<string, unknown>) {
  const data = parseInput(schema, input)
  return writeWithImage('aparaturs', stagedImage(input), async (image) => {
    const result = await prisma.aparatur.create({ data: { ...data, image: image ?? null }, select: aparaturSelect })
    return { result }
  })
}

export async function updateAparatur(id: number, input: Record<string, unknown>) {
  if (!(await prisma.aparatur.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Aparatur')
  const data = parseInput(schema, input)
  return writeWithImage('aparaturs', stagedImage(input), async (image) => {
    const existing = await prisma.aparatur.findUnique({ where: { id }, select: { image: true } })
    if (!existing) throw notFound('Aparatur')
    const result = await prisma.aparatur.update({
      where: { id },
      data: { ...data, ...(image ? { image } : {}) },
      select: aparaturSelect,
    })
    return { result, replaced: image ? existing.image : null }
  })
}

export async function deleteAparatur(id: number) {
  await writeWithImage('aparaturs', undefined, async () => {
    const existing = await prisma.aparatur.findUnique({ where: { id }, select: { image: true } })
    if (!existing) throw notFound('Aparatur')
    await prisma.aparatur.delete({ where: { id } })
    return { result: undefined, replaced: existing.image }
  })
}
