import type { Prisma } from '~/generated/prisma/client'
import type { SessionUser } from '~/models/accounts/user.server'
import { prisma } from '~/utils/db.server'
import { notFound } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { imageAlt, parseInput, requiredText } from '~/utils/validation.server'
import { deleteWithContent, noteDroppedImages, withContentImages } from './content-images.server'
import { createWithImage, deleteWithImage, orNotFound, updateWithImage } from '~/models/site/crud.server'
import { PUBLISHED_COLUMNS, publishedFields, statusList } from './published-crud.server'
import { publishingFields, publicFilter } from './publishing.server'
import { publicTable } from '~/public-reads/public-table.server'
import { z } from 'zod'
import { locationFields, withWholePoint } from '~/models/village-info/coordinates.server'
import { altText, publishingShape, responseId, selectOf, storedImage, timestamps } from '~/utils/response-shape.server'

/** A product as every answer shows it (docs/api.md "Items"); the select of every read and the API's `Product`. */
export const productResponse = z
  .object({
    id: responseId(),
    image: storedImage('products'),
    image_alt: altText(),
    title: z.string(),
    slug: z.string(),
    content: z.string(),
    owner: z.string(),
    price: z.number().int().min(0),
    phone: z.string(),
    address: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    user_id: responseId().nullable(),
    ...publishingShape,
    ...timestamps,
  })
  .openapi('Product')
export const productSelect = selectOf(productResponse)

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
  // Where the seller is, both or neither (docs/api.md "Village map (peta desa)").
  ...locationFields,
  ...publishingFields,
})

type ProductRow = Prisma.ProductGetPayload<{ select: typeof productSelect }>
const products = { table: 'products', select: productSelect, searchColumns: SEARCH }

export const listProducts = statusList<ProductRow>(prisma.product, products)

/** What the public sees of products (app/public-reads/public-table.server.ts), from the same select. */
const publicProducts = publicTable<ProductRow>({ ...products, visible: () => publicFilter('products') })

export const listPublicProducts = (query: ListQuery, path = '/api/public/products') => publicProducts.list(query, path)

export const homeProducts = () => publicProducts.newest(HOME_COUNT)

export const getProduct = (id: number) =>
  orNotFound(prisma.product.findUnique({ where: { id }, select: productSelect }), 'Product')

export const getProductBySlug = (slug: string) => orNotFound(publicProducts.one('slug', slug), 'Product')

/** Any product by its slug, whatever its status: the preview of staff who may edit it (never cached). */
export const previewProduct = (slug: string) => prisma.product.findUnique({ where: { slug }, select: productSelect })

export async function createProduct(input: Record<string, unknown>, user: Pick<SessionUser, 'id'>) {
  return withContentImages(withWholePoint(parseInput(schema, input)), ['content'], (data) =>
    createWithImage('products', input, async (image) => {
      const fields = await publishedFields(prisma.product, data, 'produk')
      return prisma.product.create({ data: { ...fields, image, user_id: user.id }, select: productSelect })
    }),
  )
}

export async function updateProduct(id: number, input: Record<string, unknown>) {
  if (!(await prisma.product.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Product')
  const stored = () =>
    orNotFound(
      prisma.product.findUnique({ where: { id }, select: { ...PUBLISHED_COLUMNS, image: true, content: true } }),
      'Product',
    )
  return withContentImages(withWholePoint(parseInput(schema, input)), ['content'], (data) =>
    updateWithImage('products', input, stored, async (existing, picture) => {
      const fields = await publishedFields(prisma.product, data, 'produk', { id, row: existing })
      await noteDroppedImages(existing.content, data.content)
      return prisma.product.update({ where: { id }, data: { ...fields, ...picture }, select: productSelect })
    }),
  )
}

export const deleteProduct = (id: number) =>
  deleteWithContent('products', id, () => deleteWithImage('products', 'Product', id))
