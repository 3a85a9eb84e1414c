import { z } from 'zod'
import type { Prisma } from '~/generated/prisma/client'
import type { SessionUser } from './user.server'
import { prisma } from '~/utils/db.server'
import { notFound } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { cachedRead } from '~/public-reads/read-memo.server'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { stagedImage, writeWithImage } from '~/utils/upload-pipeline.server'
import { imageAlt, parseInput, requiredText } from '~/utils/validation.server'
import { deleteWithContent, noteDroppedImages, withContentImages } from './content-images.server'
import { deleteWithImage, freeSlug, listPage, orNotFound, publicRows } from './crud.server'
import { publishingFields, publishingOf, statusWhere } from './publishing.server'

export const productSelect = {
  id: true,
  image: true,
  image_alt: true,
  title: true,
  slug: true,
  content: true,
  owner: true,
  price: true,
  phone: true,
  address: true,
  user_id: true,
  status: true,
  published_at: true,
  created_at: true,
  updated_at: true,
} as const

const SEARCH = ['title', 'owner'] as const
const HOME_COUNT = 6
/** The database column is a 32-bit integer. */
export const MAX_PRICE = 2_000_000_000

/** A whole number of rupiah, at least 0, sent as a number (JSON) or digits (form). */
const price = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return undefined
    if (typeof value === 'string')
      return value.trim() === '' ? undefined : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
    return value
  },
  z
    .number({ required_error: 'Price is required', invalid_type_error: 'Price must be a whole number of at least 0' })
    .refine((n) => Number.isInteger(n) && n >= 0, 'Price must be a whole number of at least 0')
    .refine((n) => n <= MAX_PRICE, `Price may not be more than ${MAX_PRICE}`),
)

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  title: requiredText('Title'),
  content: sanitizedRichText('Content', { required: true }),
  owner: requiredText('Owner', 100),
  price,
  phone: requiredText('Phone', 30),
  address: requiredText('Address', 500),
  image_alt: imageAlt(),
  ...publishingFields,
})

type ProductRow = Prisma.ProductGetPayload<{ select: typeof productSelect }>

export const listProducts = (query: ListQuery, path: string, status?: string | null) =>
  listPage<ProductRow>(prisma.product, {
    table: 'products',
    select: productSelect,
    searchColumns: SEARCH,
    query,
    path,
    where: statusWhere(status),
  })

/** What the public sees of products, read in one statement each (crud.server.ts, publicRows). */
const publicProducts = publicRows<ProductRow>('products', productSelect, {}, { published: true })

export const listPublicProducts = (query: ListQuery, path = '/api/public/products') =>
  listPage<ProductRow>(prisma.product, {
    table: 'products',
    select: productSelect,
    searchColumns: SEARCH,
    query,
    path,
    memo: cachedRead,
    rows: publicProducts.byIds,
    published: true,
  })

export const homeProducts = () => publicProducts.newest(HOME_COUNT)

export const getProduct = (id: number) =>
  orNotFound(prisma.product.findUnique({ where: { id }, select: productSelect }), 'Product')

export const getProductBySlug = (slug: string) => orNotFound(publicProducts.one('slug', slug), 'Product')

/** Any product by its slug, whatever its status: the preview of staff who may edit it (never cached). */
export const previewProduct = (slug: string) => prisma.product.findUnique({ where: { slug }, select: productSelect })

export async function createProduct(input: Record<string, unknown>, user: Pick<SessionUser, 'id'>) {
  return withContentImages(parseInput(schema, input), ['content'], (data) =>
    writeWithImage('products', stagedImage(input), async (image) => {
      const slug = await freeSlug(prisma.product, data.title, undefined, 'produk')
      const { status, published_at, ...fields } = data
      const result = await prisma.product.create({
        data: {
          ...fields,
          ...publishingOf({ status, published_at }, null),
          slug,
          image: image ?? null,
          user_id: user.id,
        },
        select: productSelect,
      })
      return { result }
    }),
  )
}

export async function updateProduct(id: number, input: Record<string, unknown>) {
  if (!(await prisma.product.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Product')
  return withContentImages(parseInput(schema, input), ['content'], (data) =>
    writeWithImage('products', stagedImage(input), async (image) => {
      const existing = await prisma.product.findUnique({
        where: { id },
        select: { title: true, slug: true, image: true, content: true, status: true, published_at: true },
      })
      if (!existing) throw notFound('Product')
      const slug =
        existing.title === data.title ? existing.slug : await freeSlug(prisma.product, data.title, id, 'produk')
      await noteDroppedImages(existing.content, data.content)
      const { status, published_at, ...fields } = data
      const result = await prisma.product.update({
        where: { id },
        data: { ...fields, ...publishingOf({ status, published_at }, existing), slug, ...(image ? { image } : {}) },
        select: productSelect,
      })
      return { result, replaced: image ? existing.image : null }
    }),
  )
}

export const deleteProduct = (id: number) =>
  deleteWithContent('products', id, () => deleteWithImage('products', 'Product', id))
