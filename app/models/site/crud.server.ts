import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { HttpError, notFound, validationError } from '~/utils/http.server'
import { paginate, type ListQuery, type Paginated } from '~/lib/paging'
import { slugify, uniqueSlug } from '~/lib/slug'
import type { RecordKind } from '~/lib/upload-urls'
import { searchIds, searchPage } from '~/public-reads/search.server'
import { foldSearch } from '~/public-reads/search-terms.server'
import { stagedImage, writeWithImage } from '~/utils/upload-pipeline.server'

/** The part of a Prisma model delegate that the shared list helper uses. */
export type ListDelegate = {
  count(args: { where: object }): Promise<number>
  findMany(args: { where: object; select: object; orderBy?: object; skip?: number; take?: number }): Promise<unknown[]>
}

/**
 * One page of an admin list, newest first, in the contract's paging payload, read by Prisma (the public lists read
 * through their public table, app/public-reads/public-table.server.ts). A search's page and count come from the search
 * (app/public-reads/search.server.ts) and only the page's ids go back for their rows; `where` (the activity log's
 * filters, a publishing state) narrows the rows before the search does.
 */
export async function listPage<Row>(
  delegate: ListDelegate,
  options: {
    table: string
    select: object
    searchColumns: readonly string[]
    query: ListQuery
    path: string
    map?: (row: any) => Row
    /** A Prisma filter of the rows (the activity log's filters, the publishing state). */
    where?: object
  },
): Promise<Paginated<Row>> {
  const { query, select, searchColumns, path, table, where } = options
  const skip = (query.page - 1) * query.limit
  const search = foldSearch(query.search)
  const rowsOf = async (ids: number[]) => {
    if (!ids.length) return []
    const found = (await delegate.findMany({
      where: { id: { in: ids } },
      select,
      orderBy: { id: 'desc' },
    })) as { id: number }[]
    const byId = new Map(found.map((row) => [row.id, row]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  }
  let total: number
  let rows: unknown[] = []
  if (search && where) {
    const kept = new Set(
      (await delegate.findMany({ where, select: { id: true } })).map((row) => (row as { id: number }).id),
    )
    const ids = (await searchIds(table, searchColumns, search)).filter((id) => kept.has(id))
    total = ids.length
    rows = await rowsOf(ids.slice(skip, skip + query.limit))
  } else if (search) {
    const page = await searchPage(table, searchColumns, search, { offset: skip, limit: query.limit, count: true })
    total = page.total ?? 0
    rows = await rowsOf(page.ids)
  } else {
    ;[total, rows] = await Promise.all([
      delegate.count({ where: where ?? {} }),
      delegate.findMany({ where: where ?? {}, select, orderBy: { id: 'desc' }, skip, take: query.limit }),
    ])
  }
  const items = options.map ? rows.map(options.map) : (rows as Row[])
  return paginate(items, total, query, path)
}

/** What the lists of a table read, admin and public alike: the table, its select, the columns a search looks in. */
export type TableRead = { table: string; select: Record<string, unknown>; searchColumns: readonly string[] }

/** The admin list of a resource: `listPage` of `read`, each row shown by `map` if given. */
export const adminList =
  <Row>(delegate: ListDelegate, read: TableRead, map?: (row: any) => Row) =>
  (query: ListQuery, path: string) =>
    listPage<Row>(delegate, { ...read, query, path, map })

/** The row a lookup found, or the contract's 404 (`{Thing} not found`). */
export async function orNotFound<Row>(lookup: Promise<Row | null>, thing: string): Promise<Row> {
  const row = await lookup
  if (!row) throw notFound(thing)
  return row
}

/** The part of a Prisma model delegate that `namedReads` uses. */
type NamedDelegate = ListDelegate & {
  findUnique(args: { where: { id: number }; select: object }): Promise<unknown>
}

/**
 * The reads of a resource of named rows (permissions, roles, categories): its admin list searched by name, every row
 * by name (`/all`), one row by id or the contract's 404 (`{thing} not found`); each row shown by `map` if given.
 */
export function namedReads<Row = { id: number; name: string }>(
  delegate: NamedDelegate,
  read: { table: string; select: Record<string, unknown>; thing: string },
  map: (row: any) => Row = (row) => row,
) {
  const { table, select, thing } = read
  return {
    list: adminList<Row>(delegate, { table, select, searchColumns: ['name'] }, map),
    all: async () => (await delegate.findMany({ where: {}, select, orderBy: { name: 'asc' } })).map(map),
    get: async (id: number) => map(await orNotFound(delegate.findUnique({ where: { id }, select }), thing)),
  }
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
    where: {
      OR: [{ slug: base }, { slug: { startsWith: `${base}-` } }],
      ...(exceptId ? { NOT: { id: exceptId } } : {}),
    },
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

/**
 * The table whose records own each kind of upload (core/upload-kinds.js) but `content` (content-images.server.ts).
 */
export const IMAGE_TABLES: Record<RecordKind, ImageTable> = {
  posts: prisma.post,
  products: prisma.product,
  photos: prisma.photo,
  sliders: prisma.slider,
  aparaturs: prisma.aparatur,
  events: prisma.event,
  settings: {
    // The one row of Pengaturan Situs: its `logo` is the kind's image.
    findMany: async () =>
      (await prisma.siteSetting.findMany({ select: { logo: true } })).map((row) => ({ image: row.logo })),
    findUnique: async ({ where }) => {
      const row = await prisma.siteSetting.findUnique({ where, select: { logo: true } })
      return row && { image: row.logo }
    },
    delete: (args) => prisma.siteSetting.delete(args),
  },
  developments: {
    // A project's own picture and its progress photos share the kind; a project is deleted by its row.
    findMany: async () => [
      ...(await prisma.development.findMany({ select: { image: true } })),
      ...(await prisma.developmentPhoto.findMany({ select: { image: true } })),
    ],
    findUnique: (args) => prisma.development.findUnique(args),
    delete: (args) => prisma.development.delete(args),
  },
  // A village map feature's photo.
  maps: prisma.mapFeature,
}

/** A new record that may have a picture (the input's `image` file, stored first): `create` writes the row. */
export const createWithImage = <T>(
  kind: RecordKind,
  input: Record<string, unknown>,
  create: (image: string | null) => Promise<T>,
) => writeWithImage(kind, stagedImage(input), async (image) => ({ result: await create(image ?? null) }))

/**
 * An update of a record with a picture: `save` writes the row over the stored one (`read` it first, or its 404) with
 * the new picture's field, none without a new file (the picture stays); a replaced file goes once the row is saved.
 */
export const updateWithImage = <Stored extends { image: string | null }, T>(
  kind: RecordKind,
  input: Record<string, unknown>,
  read: () => Promise<Stored>,
  save: (stored: Stored, picture: { image?: string }) => Promise<T>,
) =>
  writeWithImage(kind, stagedImage(input), async (image) => {
    const stored = await read()
    return { result: await save(stored, image ? { image } : {}), replaced: image ? stored.image : null }
  })

/** Deletes a record that may own an image, then the image and its width copies (`{Thing} not found` if missing). */
export async function deleteWithImage(kind: RecordKind, thing: string, id: number): Promise<void> {
  const table = IMAGE_TABLES[kind]
  await writeWithImage(kind, undefined, async () => {
    const existing = await table.findUnique({ where: { id }, select: { image: true } })
    if (!existing) throw notFound(thing)
    await table.delete({ where: { id } })
    return { result: undefined, replaced: existing.image }
  })
}
