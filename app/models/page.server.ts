import { z } from 'zod'
import type { SessionUser } from './user.server'
import { prisma, serializeWrite } from '~/server/db.server'
import { notFound } from '~/server/http.server'
import type { ListQuery } from '~/lib/paging'
import { sanitizedRichText } from '~/server/sanitize.server'
import { parseInput, requiredText } from '~/server/validation.server'
import { freeSlug, listPage } from './crud.server'

export const pageSelect = { id: true, title: true, slug: true, content: true, created_at: true, updated_at: true } as const

const SEARCH = ['title', 'content'] as const

const schema = z.object({
  title: requiredText('Title'),
  content: sanitizedRichText('Content', { required: true }),
})

export const listPages = (query: ListQuery, path = '/api/admin/pages') =>
  listPage(prisma.page, { select: pageSelect, searchColumns: SEARCH, query, path })

export const listPublicPages = (query: ListQuery, path = '/api/public/pages') =>
  listPage(prisma.page, { select: pageSelect, searchColumns: SEARCH, query, path })

export async function getPage(id: number) {
  const row = await prisma.page.findUnique({ where: { id }, select: pageSelect })
  if (!row) throw notFound('Page')
  return row
}

export async function getPageBySlug(slug: string) {
  const row = await prisma.page.findUnique({ where: { slug }, select: pageSelect })
  if (!row) throw notFound('Page')
  return row
}

export async function createPage(input: Record<string, unknown>, user: Pick<SessionUser, 'id'>) {
  const data = parseInput(schema, input)
  return serializeWrite(async () => {
    const slug = await freeSlug(prisma.page, data.title, undefined, 'halaman')
    return prisma.page.create({ data: { ...data, slug, user_id: user.id }, select: pageSelect })
  })
}

export async function updatePage(id: number, input: Record<string, unknown>) {
  if (!(await prisma.page.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Page')
  const data = parseInput(schema, input)
  return serializeWrite(async () => {
    const existing = await prisma.page.findUnique({ where: { id }, select: { title: true, slug: true } })
    if (!existing) throw notFound('Page')
    const slug = existing.title === data.title ? existing.slug : await freeSlug(prisma.page, data.title, id, 'halaman')
    return prisma.page.update({ where: { id }, data: { ...data, slug }, select: pageSelect })
  })
}

export function deletePage(id: number) {
  return serializeWrite(async () => {
    if (!(await prisma.page.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Page')
    await prisma.page.delete({ where: { id } })
  })
}
