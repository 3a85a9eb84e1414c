import { z } from 'zod'
import type { Prisma } from '~/generated/prisma/client'
import type { SessionUser } from './user.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { notFound } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { cachedRead } from '~/public-reads/read-memo.server'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { parseInput, requiredText } from '~/utils/validation.server'
import { deleteWithContent, noteDroppedImages, withContentImages } from './content-images.server'
import { freeSlug, listPage, orNotFound, publicRows } from './crud.server'
import { publishingFields, publishingOf, statusWhere } from './publishing.server'

export const pageSelect = {
  id: true,
  title: true,
  slug: true,
  content: true,
  status: true,
  published_at: true,
  created_at: true,
  updated_at: true,
} as const

const SEARCH = ['title', 'content'] as const

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  title: requiredText('Title'),
  content: sanitizedRichText('Content', { required: true }),
  ...publishingFields,
})

type PageRow = Prisma.PageGetPayload<{ select: typeof pageSelect }>

export const listPages = (query: ListQuery, path: string, status?: string | null) =>
  listPage<PageRow>(prisma.page, {
    table: 'pages',
    select: pageSelect,
    searchColumns: SEARCH,
    query,
    path,
    where: statusWhere(status),
  })

/** What the public sees of pages, read in one statement each (crud.server.ts, publicRows). */
const publicPages = publicRows<PageRow>('pages', pageSelect, {}, { published: true })

export const listPublicPages = (query: ListQuery, path = '/api/public/pages') =>
  listPage<PageRow>(prisma.page, {
    table: 'pages',
    select: pageSelect,
    searchColumns: SEARCH,
    query,
    path,
    memo: cachedRead,
    rows: publicPages.byIds,
    published: true,
  })

export const getPage = (id: number) => orNotFound(prisma.page.findUnique({ where: { id }, select: pageSelect }), 'Page')

export const getPageBySlug = (slug: string) => orNotFound(publicPages.one('slug', slug), 'Page')

/** Any page by its slug, whatever its status: the preview of staff who may edit it (never cached). */
export const previewPage = (slug: string) => prisma.page.findUnique({ where: { slug }, select: pageSelect })

export async function createPage(input: Record<string, unknown>, user: Pick<SessionUser, 'id'>) {
  return withContentImages(parseInput(schema, input), ['content'], (data) =>
    serializeWrite(async () => {
      const slug = await freeSlug(prisma.page, data.title, undefined, 'halaman')
      const { status, published_at, ...fields } = data
      return prisma.page.create({
        data: { ...fields, ...publishingOf({ status, published_at }, null), slug, user_id: user.id },
        select: pageSelect,
      })
    }),
  )
}

export async function updatePage(id: number, input: Record<string, unknown>) {
  if (!(await prisma.page.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Page')
  return withContentImages(parseInput(schema, input), ['content'], (data) =>
    serializeWrite(async () => {
      const existing = await prisma.page.findUnique({
        where: { id },
        select: { title: true, slug: true, content: true, status: true, published_at: true },
      })
      if (!existing) throw notFound('Page')
      const slug =
        existing.title === data.title ? existing.slug : await freeSlug(prisma.page, data.title, id, 'halaman')
      await noteDroppedImages(existing.content, data.content)
      const { status, published_at, ...fields } = data
      return prisma.page.update({
        where: { id },
        data: { ...fields, ...publishingOf({ status, published_at }, existing), slug },
        select: pageSelect,
      })
    }),
  )
}

export function deletePage(id: number) {
  return deleteWithContent('pages', id, () =>
    serializeWrite(async () => {
      if (!(await prisma.page.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Page')
      await prisma.page.delete({ where: { id } })
    }),
  )
}
