import { z } from 'zod'
import type { Prisma } from '~/generated/prisma/client'
import type { SessionUser } from './user.server'
import { prisma } from '~/utils/db.server'
import { notFound, validationError } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { cachedRead } from '~/public-reads/read-memo.server'
import { sanitizedRichText } from '~/utils/sanitize.server'
import { stagedImage, writeWithImage } from '~/utils/upload-pipeline.server'
import { imageAlt, parseInput, requiredText } from '~/utils/validation.server'
import { deleteWithContent, noteDroppedImages, withContentImages } from './content-images.server'
import { deleteWithImage, freeSlug, listPage, orNotFound, publicRows } from './crud.server'
import { publishingFields, publishingOf, statusWhere } from './publishing.server'

export const postSelect = {
  id: true,
  image: true,
  image_alt: true,
  title: true,
  slug: true,
  content: true,
  category_id: true,
  user_id: true,
  category: { select: { id: true, name: true } },
  user: { select: { id: true, name: true } },
  status: true,
  published_at: true,
  created_at: true,
  updated_at: true,
} as const

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

/** Fields and category checked before any file is stored. */
async function parsePost(input: Record<string, unknown>) {
  const data = parseInput(schema, input)
  const category = await prisma.category.findUnique({ where: { id: data.category_id }, select: { id: true } })
  if (!category) throw validationError({ CategoryID: 'The selected category does not exist' })
  return data
}

type PostRow = Prisma.PostGetPayload<{ select: typeof postSelect }>

export const listPosts = (query: ListQuery, path: string, status?: string | null) =>
  listPage<PostRow>(prisma.post, {
    table: 'posts',
    select: postSelect,
    searchColumns: SEARCH,
    query,
    path,
    where: statusWhere(status),
  })

/** What the public sees of posts, read in one statement each (crud.server.ts, publicRows). */
const publicPosts = publicRows<PostRow>(
  'posts',
  postSelect,
  { category: { table: 'categories', key: 'category_id' }, user: { table: 'users', key: 'user_id' } },
  { published: true },
)

export const listPublicPosts = (query: ListQuery, path = '/api/public/posts') =>
  listPage<PostRow>(prisma.post, {
    table: 'posts',
    select: postSelect,
    searchColumns: SEARCH,
    query,
    path,
    memo: cachedRead,
    rows: publicPosts.byIds,
    published: true,
  })

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
  return writeWithImage('posts', stagedImage(input), async (image) => {
    // The category may have gone while the image was being stored.
    if (!(await prisma.category.findUnique({ where: { id: data.category_id }, select: { id: true } }))) {
      throw validationError({ CategoryID: 'The selected category does not exist' })
    }
    const slug = await freeSlug(prisma.post, data.title, undefined, 'post')
    const { status, published_at, ...fields } = data
    const result = await prisma.post.create({
      data: {
        ...fields,
        ...publishingOf({ status, published_at }, null),
        slug,
        image: image ?? null,
        user_id: user.id,
      },
      select: postSelect,
    })
    return { result }
  })
}

/** Without a new file the old image stays; with one, the old file is removed once the row is saved. */
export async function updatePost(id: number, input: Record<string, unknown>) {
  if (!(await prisma.post.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Post')
  const parsed = await parsePost(input)
  return withContentImages(parsed, ['content'], (data) => replacePost(id, data, input))
}

async function replacePost(id: number, data: Awaited<ReturnType<typeof parsePost>>, input: Record<string, unknown>) {
  return writeWithImage('posts', stagedImage(input), async (image) => {
    const existing = await prisma.post.findUnique({
      where: { id },
      select: { title: true, slug: true, image: true, content: true, status: true, published_at: true },
    })
    if (!existing) throw notFound('Post')
    if (!(await prisma.category.findUnique({ where: { id: data.category_id }, select: { id: true } }))) {
      throw validationError({ CategoryID: 'The selected category does not exist' })
    }
    const slug = existing.title === data.title ? existing.slug : await freeSlug(prisma.post, data.title, id, 'post')
    await noteDroppedImages(existing.content, data.content)
    const { status, published_at, ...fields } = data
    const result = await prisma.post.update({
      where: { id },
      data: { ...fields, ...publishingOf({ status, published_at }, existing), slug, ...(image ? { image } : {}) },
      select: postSelect,
    })
    return { result, replaced: image ? existing.image : null }
  })
}

export const deletePost = (id: number) => deleteWithContent('posts', id, () => deleteWithImage('posts', 'Post', id))
