import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { isPostgres, withoutNul } from '~/utils/dialect.server'
import { HttpError, notFound, validationError } from '~/utils/http.server'
import { paginate, type ListQuery, type Paginated } from '~/lib/paging'
import { slugify, uniqueSlug } from '~/lib/slug'
import type { RecordKind } from '~/lib/upload-urls'
import { foldSearch, pageOfIds, readRows, searchIds, searchPage } from '~/public-reads/search.server'
import { writeWithImage } from '~/utils/upload-pipeline.server'
import { now } from '~/utils/clock.server'
import { publicFilter, visibleSql, visibleWhere } from './publishing.server'

/** The part of a Prisma model delegate that the shared list helper uses. */
type ListDelegate = {
  count(args: { where: object }): Promise<number>
  findMany(args: { where: object; select: object; orderBy?: object; skip?: number; take?: number }): Promise<unknown[]>
}

/** Keeps a read under a key (the public read memo, app/public-reads/read-memo.server.ts), or just runs it. */
export type ReadMemo = <T>(key: string, read: () => Promise<T>) => Promise<T>
const unmemoised: ReadMemo = (_key, read) => read()

/**
 * One page of a list, newest first, in the contract's paging payload. The page's ids come first, and only they go
 * back for their rows: from one page of a search's matches and their count, read in SQL from the search index
 * (app/public-reads/search.server.ts), or from the narrow index on `id` of the table, so neither a popular search nor a page
 * deep in a long list reads more rows than it shows. With a `memo` (public lists) each read is kept under its
 * canonical query: the count (per search, or of the list), each page's rows; a page past the last one is answered from
 * the count alone and keeps nothing of its own. Filters (`where`, the activity log's) narrow the rows before the
 * search does; a filtered list is never memoised.
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
    memo?: ReadMemo
    /** Reads the rows of a page's ids (publicRows' byIds); Prisma's findMany by default. */
    rows?: (ids: number[]) => Promise<unknown[]>
    /** A Prisma filter of the rows (the activity log's filters). */
    where?: object
    /**
     * A public list of posts, pages or products: only what the publishing rule lets the public see, newest publish
     * time first (app/models/publishing.server.ts).
     */
    published?: boolean
  },
): Promise<Paginated<Row>> {
  const { query, select, searchColumns, path, table, where } = options
  const memo = (!where && options.memo) || unmemoised
  const skip = (query.page - 1) * query.limit
  // "Now" is taken inside each memoised read, after the memo has taken the data version it keys the read by: a
  // publish time passing later changes that version (publishing.server.ts), never the answer kept under it.
  const only = () => (options.published ? publicFilter(table, now()) : undefined)
  // LIKE folds A-Z only, so searches differing only there have the same matches.
  const search = foldSearch(query.search)
  const key = (...parts: unknown[]) => JSON.stringify([table, search, ...parts])
  const rowsOf = async (ids: number[]) => {
    if (!ids.length) return []
    const found = (await (options.rows
      ? options.rows(ids)
      : delegate.findMany({ where: { id: { in: ids } }, select, orderBy: { id: 'desc' } }))) as { id: number }[]
    // In the order of the ids (a public list's is by publish time).
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
    // The count and the first page asked for are read together; another page of a counted search reads its ids alone.
    const page = (count: boolean) =>
      searchPage(table, searchColumns, search, { offset: skip, limit: query.limit, count }, only())
    let first: number[] | undefined
    total = await memo(key('count'), async () => {
      const counted = await page(true)
      first = counted.ids
      return counted.total ?? 0
    })
    if (skip < total)
      rows = await memo(key(query.page, query.limit), async () => rowsOf(first ?? (await page(false)).ids))
  } else if (where) {
    ;[total, rows] = await Promise.all([
      delegate.count({ where }),
      delegate.findMany({ where, select, orderBy: { id: 'desc' }, skip, take: query.limit }),
    ])
  } else {
    total = await memo(key('count'), () => delegate.count({ where: options.published ? visibleWhere(now()) : {} }))
    if (skip < total)
      rows = await memo(key(query.page, query.limit), async () =>
        rowsOf(await pageOfIds(table, skip, query.limit, only())),
      )
  }
  const items = options.map ? rows.map(options.map) : (rows as Row[])
  return paginate(items, total, query, path)
}

/** A belongs-to relation of a select: the related table, and the column of the row that holds its id. */
export type Joined = { table: string; key: string }

const quoted = (name: string) => Prisma.raw(`"${name.replaceAll('"', '""')}"`)

/**
 * The public reads of a table in one statement each: the scalar fields of `select` and, for each relation in
 * `joins`, the related row's selected columns as a nested object (null when there is none). The same shape
 * Prisma gives for `select`, without its query planning and one query per relation: several times less work
 * for the reads every visitor makes (the profile in docs/performance.md). Portable SQL (Prisma.sql).
 */
export function publicRows<Row>(
  table: string,
  select: Record<string, unknown>,
  joins: Record<string, Joined> = {},
  options: { published?: boolean } = {},
) {
  const fields = Object.entries(select).filter(([, value]) => value !== false)
  const columns: Prisma.Sql[] = []
  const from: Prisma.Sql[] = [Prisma.sql`${quoted(table)} AS "t"`]
  fields.forEach(([field, value], index) => {
    const join = joins[field]
    if (value === true) return void columns.push(Prisma.sql`"t".${quoted(field)}`)
    if (!join) throw new Error(`publicRows: no join for ${table}.${field}`)
    const alias = quoted(`j${index}`)
    from.push(Prisma.sql`LEFT JOIN ${quoted(join.table)} AS ${alias} ON ${alias}."id" = "t".${quoted(join.key)}`)
    for (const column of Object.keys((value as { select: object }).select))
      columns.push(Prisma.sql`${alias}.${quoted(column)} AS ${quoted(`${field}.${column}`)}`)
  })
  const head = Prisma.sql`SELECT ${Prisma.join(columns)} FROM ${Prisma.join(from, ' ')}`
  const shape = (row: Record<string, unknown>): Row => {
    const out: Record<string, unknown> = {}
    for (const [field, value] of fields) {
      if (value === true) {
        out[field] = row[field]
        continue
      }
      const nested = Object.keys((value as { select: object }).select)
      out[field] =
        row[`${field}.id`] === null
          ? null
          : Object.fromEntries(nested.map((column) => [column, row[`${field}.${column}`]]))
    }
    return out as Row
  }
  // On SQLite through the prepared statements of readRows (search.server.ts); Prisma planned and prepared each anew.
  const read = async (rest: Prisma.Sql) => {
    const statement = Prisma.sql`${head} ${rest}`
    return (
      await readRows<Record<string, unknown>>(isPostgres() ? statement.text : statement.sql, statement.values)
    ).map(shape)
  }
  // Published tables: only the rows the public may see now, newest publish time first (publishing.server.ts).
  const visible = (glue: 'WHERE' | 'AND') =>
    options.published ? Prisma.sql`${Prisma.raw(glue)} ${visibleSql(now())}` : Prisma.empty
  const newestFirst = Prisma.raw(
    options.published ? 'ORDER BY "t"."published_at" DESC, "t"."id" DESC' : 'ORDER BY "t"."id" DESC',
  )
  return {
    /** The rows with these ids, newest first. */
    byIds: (ids: number[]) =>
      ids.length
        ? read(Prisma.sql`WHERE "t"."id" IN (${Prisma.join(ids)}) ORDER BY "t"."id" DESC`)
        : Promise.resolve([]),
    /** The `count` newest rows (all of them without a count). */
    newest: (count?: number) =>
      read(
        count === undefined
          ? Prisma.sql`${visible('WHERE')} ${newestFirst}`
          : Prisma.sql`${visible('WHERE')} ${newestFirst} LIMIT ${count}`,
      ),
    /** The row whose `column` holds `value`, or null. */
    one: async (column: string, value: string | number): Promise<Row | null> =>
      (
        await read(
          Prisma.sql`WHERE "t".${quoted(column)} = ${isPostgres() ? withoutNul(value) : value} ${visible('AND')}`,
        )
      )[0] ?? null,
  }
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
}

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
