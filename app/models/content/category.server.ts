import { prisma, serializeWrite } from '~/utils/db.server'
import { conflict, notFound } from '~/utils/http.server'
import { parseInput, requiredText } from '~/utils/validation.server'
import { freeSlug, namedReads, rethrowUnique } from '~/models/site/crud.server'
import { assertNameFree } from '~/models/site/unique-name.server'
import { responseId, selectOf, timestamps, z } from '~/utils/response-shape.server'

/** A category as every answer shows it (docs/api.md "Items"); the select of every read and the API's `Category`. */
export const categoryResponse = z
  .object({ id: responseId(), name: z.string(), slug: z.string(), ...timestamps })
  .openapi('Category')
export const categorySelect = selectOf(categoryResponse)

export const categoryReads = namedReads(prisma.category, {
  table: 'categories',
  select: categorySelect,
  thing: 'Category',
})

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({ name: requiredText('Name', 100) })

export async function createCategory(raw: unknown) {
  const { name } = parseInput(schema, raw)
  return serializeWrite(async () => {
    await assertNameFree(prisma.category, name)
    const slug = await freeSlug(prisma.category, name, undefined, 'kategori')
    return prisma.category
      .create({ data: { name, slug }, select: categorySelect })
      .catch((error) => rethrowUnique(error, { name: 'Name' }))
  })
}

export async function updateCategory(id: number, raw: unknown) {
  const { name } = parseInput(schema, raw)
  return serializeWrite(async () => {
    const existing = await prisma.category.findUnique({ where: { id }, select: { name: true, slug: true } })
    if (!existing) throw notFound('Category')
    await assertNameFree(prisma.category, name, id)
    const slug = existing.name === name ? existing.slug : await freeSlug(prisma.category, name, id, 'kategori')
    return prisma.category
      .update({ where: { id }, data: { name, slug }, select: categorySelect })
      .catch((error) => rethrowUnique(error, { name: 'Name' }))
  })
}

export function deleteCategory(id: number) {
  return serializeWrite(async () => {
    const existing = await prisma.category.findUnique({
      where: { id },
      select: { _count: { select: { posts: true } } },
    })
    if (!existing) throw notFound('Category')
    if (existing._count.posts > 0) throw conflict('This category still has posts: move or delete them first')
    await prisma.category.delete({ where: { id } })
  })
}
