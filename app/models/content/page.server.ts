import type { Prisma } from '~/generated/prisma/client'
import type { SessionUser } from '~/models/accounts/user.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { notFound } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { parseInput, requiredText } from '~/utils/validation.server'
import { deleteWithContent, noteDroppedImages, withContentImages } from './content-images.server'
import { orNotFound } from '~/models/site/crud.server'
import { PUBLISHED_COLUMNS, publishedFields, statusList } from './published-crud.server'
import { publishingFields, publicFilter } from './publishing.server'
import { publicTable } from '~/public-reads/public-table.server'
import { publishingShape, responseId, selectOf, timestamps, z } from '~/utils/response-shape.server'

/** A page as every answer shows it (docs/api.md "Items"); the select of every read and the API document's `Page`. */
export const pageResponse = z
  .object({
    id: responseId(),
    title: z.string(),
    slug: z.string(),
    content: z.string().optional().openapi({ description: 'Sanitised HTML (a public list may leave it out)' }),
    ...publishingShape,
    ...timestamps,
  })
  .openapi('Page')
export const pageSelect = selectOf(pageResponse)

const SEARCH = ['title', 'content'] as const

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  title: requiredText('Title'),
  content: sanitizedRichText('Content', { required: true }),
  ...publishingFields,
})

type PageRow = Prisma.PageGetPayload<{ select: typeof pageSelect }>
const pages = { table: 'pages', select: pageSelect, searchColumns: SEARCH }

export const listPages = statusList<PageRow>(prisma.page, pages)

/** What the public sees of pages (app/public-reads/public-table.server.ts), from the same select. */
export const publicPages = publicTable<PageRow>({ ...pages, visible: () => publicFilter('pages') })

export const listPublicPages = (query: ListQuery, path = '/api/public/pages') => publicPages.list(query, path)

export const getPage = (id: number) => orNotFound(prisma.page.findUnique({ where: { id }, select: pageSelect }), 'Page')

export const getPageBySlug = (slug: string) => orNotFound(publicPages.one('slug', slug), 'Page')

/** Any page by its slug, whatever its status: the preview of staff who may edit it (never cached). */
export const previewPage = (slug: string) => prisma.page.findUnique({ where: { slug }, select: pageSelect })

export async function createPage(input: Record<string, unknown>, user: Pick<SessionUser, 'id'>) {
  return withContentImages(parseInput(schema, input), ['content'], (data) =>
    serializeWrite(async () => {
      const fields = await publishedFields(prisma.page, data, 'halaman')
      return prisma.page.create({ data: { ...fields, user_id: user.id }, select: pageSelect })
    }),
  )
}

export async function updatePage(id: number, input: Record<string, unknown>) {
  if (!(await prisma.page.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Page')
  return withContentImages(parseInput(schema, input), ['content'], (data) =>
    serializeWrite(async () => {
      const existing = await orNotFound(
        prisma.page.findUnique({ where: { id }, select: { ...PUBLISHED_COLUMNS, content: true } }),
        'Page',
      )
      const fields = await publishedFields(prisma.page, data, 'halaman', { id, row: existing })
      await noteDroppedImages(existing.content, data.content)
      return prisma.page.update({ where: { id }, data: fields, select: pageSelect })
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
