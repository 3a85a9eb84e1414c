import type { Prisma } from '~/generated/prisma/client'
import type { SessionUser } from '~/models/accounts/user.server'
import { prisma } from '~/utils/db.server'
import { notFound, validationError } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { imageAlt, parseInput, requiredText } from '~/utils/validation.server'
import { deleteWithContent, noteDroppedImages, richTextResponse, withContentImages } from './content-images.server'
import { createWithImage, deleteWithImage, orNotFound, updateWithImage } from '~/models/site/crud.server'
import { PUBLISHED_COLUMNS, publishedFields, statusList } from './published-crud.server'
import { publishingFields, publicFilter } from './publishing.server'
import { publicTable } from '~/public-reads/public-table.server'
import { z } from 'zod'
import { altText, publishingShape, responseId, selectOf, storedImage, timestamps } from '~/utils/response-shape.server'

/** A post as every answer shows it (docs/api.md "Items"); the select of every read and the API document's `Post`. */
export const postResponse = z
  .object({
    id: responseId(),
    image: storedImage('posts'),
    image_alt: altText(),
    title: z.string(),
    slug: z.string(),
    content: richTextResponse(),
    category_id: responseId().nullable(),
    user_id: responseId().nullable(),
    category: z.object({ id: responseId(), name: z.string() }).nullable(),
    user: z
      .object({ id: responseId(), name: z.string() })
      .nullable()
      .openapi({ description: 'null once the author is deleted' }),
    ...publishingShape,
    ...timestamps,
  })
  .openapi('Post')
export const postSelect = selectOf(postResponse)

const SEARCH = ['title'] as const
const HOME_COUNT = 6

/** A category id from JSON or a form field; `0`, empty or missing is "required". */
const categoryId = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return 0
    if (typeof value === 'string') return value.trim() === '' ? 0 : Number(value.trim())
    return value
  },
  z
    .number({ invalid_type_error: 'Category is required' })
    .int('Category is required')
    .refine((id) => id !== 0, 'Category is required')
    .refine((id) => id > 0 && id <= Number.MAX_SAFE_INTEGER, 'The selected category does not exist'),
)

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  title: requiredText('Title'),
  content: sanitizedRichText('Content', { required: true }),
  category_id: categoryId,
  image_alt: imageAlt(),
  ...publishingFields,
})

/** The post's category, which must exist. */
async function checkCategory(id: number) {
  const category = await prisma.category.findUnique({ where: { id }, select: { id: true } })
  if (!category) throw validationError({ CategoryID: 'The selected category does not exist' })
}

/** Fields and category checked before any file is stored. */
async function parsePost(input: Record<string, unknown>) {
  const data = parseInput(schema, input)
  await checkCategory(data.category_id)
  return data
}

type PostRow = Prisma.PostGetPayload<{ select: typeof postSelect }>
const posts = { table: 'posts', select: postSelect, searchColumns: SEARCH }

export const listPosts = statusList<PostRow>(prisma.post, posts)

/** What the public sees of posts (app/public-reads/public-table.server.ts), from the same select. */
export const publicPosts = publicTable<PostRow>({
  ...posts,
  joins: { category: { table: 'categories', key: 'category_id' }, user: { table: 'users', key: 'user_id' } },
  visible: () => publicFilter('posts'),
})

export const listPublicPosts = (query: ListQuery, path = '/api/public/posts') => publicPosts.list(query, path)

export const homePosts = () => publicPosts.newest(HOME_COUNT)

export const getPost = (id: number) => orNotFound(prisma.post.findUnique({ where: { id }, select: postSelect }), 'Post')

export const getPostBySlug = (slug: string) => orNotFound(publicPosts.one('slug', slug), 'Post')

/** Any post by its slug, whatever its status: the preview of staff who may edit it (never cached). */
export const previewPost = (slug: string) => prisma.post.findUnique({ where: { slug }, select: postSelect })

/** The author is the caller. */
export async function createPost(input: Record<string, unknown>, user: Pick<SessionUser, 'id'>) {
  return withContentImages(await parsePost(input), ['content'], (data) => insertPost(data, input, user))
}

async function insertPost(
  data: Awaited<ReturnType<typeof parsePost>>,
  input: Record<string, unknown>,
  user: Pick<SessionUser, 'id'>,
) {
  return createWithImage('posts', input, async (image) => {
    // The category may have gone while the image was being stored.
    await checkCategory(data.category_id)
    const fields = await publishedFields(prisma.post, data, 'post')
    return prisma.post.create({ data: { ...fields, image, user_id: user.id }, select: postSelect })
  })
}

/** Without a new file the old image stays; with one, the old file is removed once the row is saved. */
export async function updatePost(id: number, input: Record<string, unknown>) {
  if (!(await prisma.post.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Post')
  const parsed = await parsePost(input)
  return withContentImages(parsed, ['content'], (data) => replacePost(id, data, input))
}

async function replacePost(id: number, data: Awaited<ReturnType<typeof parsePost>>, input: Record<string, unknown>) {
  const stored = () =>
    orNotFound(
      prisma.post.findUnique({ where: { id }, select: { ...PUBLISHED_COLUMNS, image: true, content: true } }),
      'Post',
    )
  return updateWithImage('posts', input, stored, async (existing, picture) => {
    await checkCategory(data.category_id)
    const fields = await publishedFields(prisma.post, data, 'post', { id, row: existing })
    await noteDroppedImages(existing.content, data.content)
    return prisma.post.update({ where: { id }, data: { ...fields, ...picture }, select: postSelect })
  })
}

export const deletePost = (id: number) => deleteWithContent('posts', id, () => deleteWithImage('posts', 'Post', id))
