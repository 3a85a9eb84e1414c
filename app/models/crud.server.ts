import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/server/db.server'
import { containsFilter, foldCase } from '~/server/dialect.server'
import { HttpError, notFound, validationError } from '~/server/http.server'
import { paginate, type ListQuery, type Paginated } from '~/lib/paging'
import { slugify, uniqueSlug } from '~/lib/slug'
import type { UploadKind } from '~/lib/uploads'
import { writeWithImage } from '~/server/uploads.server'

/** The part of a Prisma model delegate that the shared list helper uses. */
type ListDelegate = {
  count(args: { where: object }): Promise<number>
  findMany(args: { where: object; select: object; orderBy?: object; skip?: number; take?: number }): Promise<unknown[]>
}

/** LIKE's wildcards: Prisma hands them on unescaped, and has no ESCAPE option. */
const WILDCARDS = /[%_]/

/**
 * Case-insensitive substring search over `columns` (see dialect.server.ts). For a search holding `%` or `_` this only
 * narrows the rows by the parts between them; `listPage` then matches the whole search literally.
 */
function searchWhere(columns: readonly string[], search: string): object {
  const parts = WILDCARDS.test(search) ? search.split(/[%_]+/).filter(Boolean) : [search].filter(Boolean)
  if (!parts.length) return {}
  return { OR: columns.map((column) => ({ AND: parts.map((part) => ({ [column]: containsFilter(part) })) })) }
}

/**
 * One page of a list, newest first, in the contract's paging payload. A search holding `%` or `_` is matched
 * literally here ("100%" finds "100%", not every row with "100"), and only the page's own ids go back to the
 * database, so the query stays small however many rows match.
 */
export async function listPage<Row>(
  delegate: ListDelegate,
  options: { select: object; searchColumns: readonly string[]; query: ListQuery; path: string; map?: (row: any) => Row; where?: object },
): Promise<Paginated<Row>> {
  const { query, select, searchColumns, path } = options
  const search = searchWhere(searchColumns, query.search)
  // Filters (the activity log's) narrow the rows before the search does.
  const where = options.where ? { AND: [options.where, search] } : search
  const skip = (query.page - 1) * query.limit
  let total: number
  let rows: unknown[]
  if (WILDCARDS.test(query.search)) {
    const needle = foldCase(query.search)
    const candidates = (await delegate.findMany({
      where,
      select: Object.fromEntries(['id', ...searchColumns].map((column) => [column, true])),
      orderBy: { id: 'desc' },
    })) as Record<string, unknown>[]
    const ids = candidates
      .filter((row) => searchColumns.some((column) => typeof row[column] === 'string' && foldCase(row[column]).includes(needle)))
      .map((row) => row.id as number)
    total = ids.length
    const pageIds = ids.slice(skip, skip + query.limit)
    rows = pageIds.length ? await delegate.findMany({ where: { id: { in: pageIds } }, select, orderBy: { id: 'desc' } }) : []
  } else {
    ;[total, rows] = await Promise.all([
      delegate.count({ where }),
      delegate.findMany({ where, select, orderBy: { id: 'desc' }, skip, take: query.limit }),
    ])
  }
  const items = options.map ? rows.map(options.map) : (rows as Row[])
  return paginate(items, total, query, path)
}

/** The row a lookup found, or the contract's 404 (`{Thing} not found`). */
export async function orNotFound<Row>(lookup: Promise<Row | null>, thing: string): Promise<Row> {
  const row = await lookup
  if (!row) throw notFound(thing)
  return row
}

/** A route id such as "12": a positive integer, or null (which the caller answers as not found). */
export function parseId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null
  const id = Number(value)
  return id >= 1 && Number.isSafeInteger(id) ? id : null
}

/**
 * A slug for `title` that no other row of the table holds. Writes are serialised (see db.server.ts),
 * so the check and the write that follows cannot race.
 */
export async function freeSlug(
  delegate: { findMany(args: { where: object; select: { slug: true } }): Promise<{ slug: string }[]> },
  title: string,
  exceptId?: number,
  fallback = 'item',
): Promise<string> {
  const base = slugify(title) || fallback
  const rows = await delegate.findMany({
    where: { OR: [{ slug: base }, { slug: { startsWith: `${base}-` } }], ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { slug: true },
  })
  return uniqueSlug(base, new Set(rows.map((row) => row.slug)), fallback)
}

/** Turns a unique-constraint failure that slipped past the checks into the contract's 422. */
export function rethrowUnique(error: unknown, fieldKeys: Record<string, string>): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
    const target = JSON.stringify(error.meta ?? {})
    for (const [column, key] of Object.entries(fieldKeys)) {
      if (target.includes(column)) throw validationError({ [key]: `${key} already exists` })
    }
    throw new HttpError(422, 'Validation Errors', { Error: 'A record with these values already exists' })
  }
  throw error
}

/** The part of a Prisma model delegate that reads and deletes a record's image. */
type ImageTable = {
  findMany(args: { select: { image: true } }): Promise<{ image: string | null }[]>
  findUnique(args: { where: { id: number }; select: { image: true } }): Promise<{ image: string | null } | null>
  delete(args: { where: { id: number } }): Promise<unknown>
}

/** The table whose records own each kind of upload (app/lib/upload-kinds.js): every kind names one. */
export const IMAGE_TABLES: Record<UploadKind, ImageTable> = {
  posts: prisma.post,
  products: prisma.product,
  photos: prisma.photo,
  sliders: prisma.slider,
  aparaturs: prisma.aparatur,
  settings: {
    // The one row of Pengaturan Situs: its `logo` is the kind's image.
    findMany: async () => (await prisma.siteSetting.findMany({ select: { logo: true } })).map((row) => ({ image: row.logo })),
    findUnique: async ({ where }) => {
      const row = await prisma.siteSetting.findUnique({ where, select: { logo: true } })
      return row && { image: row.logo }
    },
    delete: (args) => prisma.siteSetting.delete(args),
  },
}

/** Deletes a record that may own an image, then the image and its width copies (`{Thing} not found` if missing). */
export async function deleteWithImage(kind: UploadKind, thing: string, id: number): Promise<void> {
  const table = IMAGE_TABLES[kind]
  await writeWithImage(kind, undefined, async () => {
    const existing = await table.findUnique({ where: { id }, select: { image: true } })
    if (!existing) throw notFound(thing)
    await table.delete({ where: { id } })
    return { result: undefined, replaced: existing.image }
  })
}
