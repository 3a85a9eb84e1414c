import { getEnv } from '~/utils/config.server'
import { cachedRead } from '~/public-reads/read-memo.server'
import { searchPage } from '~/public-reads/search.server'
import { foldSearch } from '~/public-reads/search-terms.server'
import { eventWhen } from '~/lib/event-times'
import { excerpt } from '~/lib/format'
import { MAX_SEARCH_LENGTH } from '~/lib/paging'
import type { PublicTable } from '~/public-reads/public-table.server'
import { publicDevelopments } from '~/models/village-info/development.server'
import { publicDocuments } from '~/models/village-info/document.server'
import { publicEvents } from '~/models/content/event.server'
import { publicPages } from '~/models/content/page.server'
import { publicPosts } from '~/models/content/post.server'

/**
 * The site search, `/cari?q=` (docs/api.md "Navigation, sitemap, feeds, search"): posts, pages, documents, development
 * projects and events together, each kind searched as its own public list is (the publishing rule, a case-insensitive
 * substring of the same columns, from the same index and in-memory copy: app/public-reads/search.server.ts).
 * A kind is one
 * entry of SEARCHABLE below: its label, its table and columns, what it reads of a row and the address of its page.
 */

type DateLike = Date | string

/** One line of the results: the kind's label, the item's title and address, a line of text under it, its date. */
export type SearchResult = { kind: string; title: string; path: string; text: string; date: DateLike; id: number }

type SearchKind<Row extends KindRow> = {
  /** `Berita`, `Halaman`, `Dokumen`, `Pembangunan`, `Agenda`. */
  label: string
  /** The kind's public table (app/public-reads/public-table.server.ts): its rule, its searched columns, its rows. */
  table: PublicTable<Row>
  /** Where its items' pages are: `{at}/{slug}`. */
  at: string
  /** The parts of the line under a result (those that are empty are left out). */
  text: (row: Row) => (string | null | undefined)[]
}

type KindRow = { id: number; published_at: DateLike | null; title: string; slug: string }

const kind = <Row extends KindRow>(entry: SearchKind<Row>) => entry as unknown as SearchKind<KindRow>

/** The searchable kinds, in the order their results come when they are as new as each other. */
const SEARCHABLE = [
  kind({ label: 'Berita', table: publicPosts, at: '/posts', text: (row) => [excerpt(row.content, 160)] }),
  kind({ label: 'Halaman', table: publicPages, at: '/pages', text: (row) => [excerpt(row.content ?? '', 160)] }),
  kind({
    label: 'Dokumen',
    table: publicDocuments,
    at: '/dokumen',
    text: (row) => [row.number, excerpt(row.description, 140)],
  }),
  kind({
    label: 'Pembangunan',
    table: publicDevelopments,
    at: '/pembangunan',
    text: (row) => [row.location, String(row.year), excerpt(row.description, 120)],
  }),
  kind({
    label: 'Agenda',
    table: publicEvents,
    at: '/agenda',
    text: (row) => {
      const when = eventWhen(row, getEnv().TZ)
      return [when.date, when.time, row.location]
    },
  }),
]

/** A result's line: its kind's label, the item's title, its page and the parts of its text. */
const resultOf = (entry: SearchKind<KindRow>, row: KindRow): SearchResult => ({
  title: row.title,
  path: `${entry.at}/${encodeURIComponent(row.slug)}`,
  text: entry.text(row).filter(Boolean).join(' · '),
  kind: entry.label,
  date: row.published_at ?? new Date(0),
  id: row.id,
})

/** The kinds' labels, for the results page's legend. */
export const SEARCH_KINDS = SEARCHABLE.map((entry) => entry.label)

export const SEARCH_PAGE_SIZE = 10
/** Pages of results one search goes to (each reads this many pages of every kind). */
export const MAX_SEARCH_PAGES = 10

export type SiteSearch = {
  term: string
  data: SearchResult[]
  current_page: number
  last_page: number
  total: number
  /** How many of each kind match. */
  counts: { kind: string; total: number }[]
}

const time = (value: DateLike | null) => (value ? new Date(value).getTime() : 0)

/**
 * One page of the results of `term` over every kind, newest publish time first: the first `page * 10` matches of each
 * kind are merged (a page deep in the results costs more, so there are at most 10 pages). The copy in memory gives
 * each match's publish time, so the matches are merged first and only the page's rows are read (a kind answered
 * by its index is read whole, for its times). Kept in the read memo by the term as the search matches it (A-Z
 * folded) and the page.
 */
export function searchSite(term: string, page: number): Promise<SiteSearch> {
  const search = foldSearch(term.trim().slice(0, MAX_SEARCH_LENGTH))
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), MAX_SEARCH_PAGES)
  return cachedRead(JSON.stringify(['cari', search, current]), async () => {
    if (!search) return { term: search, data: [], current_page: 1, last_page: 1, total: 0, counts: [] }
    const wanted = current * SEARCH_PAGE_SIZE
    const found = await Promise.all(
      SEARCHABLE.map(async (entry, order) => {
        const { table, searchColumns = [], visible } = entry.table.declaration
        const page = await searchPage(
          table,
          searchColumns,
          search,
          { offset: 0, limit: wanted, count: true },
          visible?.(),
        )
        // Without the times of the copy the rows are read now, for their publish times.
        const rows = page.times ? null : await rowsById(entry, page.ids)
        const times = page.times ?? page.ids.map((id) => time(rows?.get(id)?.published_at ?? null))
        return {
          entry,
          order,
          total: page.total ?? 0,
          rows,
          matches: page.ids.map((id, at) => ({ id, time: times[at] })),
        }
      }),
    )
    const shown = found
      .flatMap((kind) => kind.matches.map((match) => ({ ...match, kind })))
      .sort((a, b) => b.time - a.time || a.kind.order - b.kind.order || b.id - a.id)
      .slice((current - 1) * SEARCH_PAGE_SIZE, wanted)
    const rows = await Promise.all(
      found.map(
        (kind) =>
          kind.rows ??
          rowsById(
            kind.entry,
            shown.filter((match) => match.kind === kind).map((match) => match.id),
          ),
      ),
    )
    const total = found.reduce((sum, kind) => sum + kind.total, 0)
    return {
      term: search,
      data: shown.flatMap(({ id, kind }) => {
        const row = rows[kind.order].get(id)
        return row ? [resultOf(kind.entry, row)] : []
      }),
      current_page: current,
      last_page: Math.max(1, Math.min(MAX_SEARCH_PAGES, Math.ceil(total / SEARCH_PAGE_SIZE))),
      total,
      counts: found.map((kind) => ({ kind: kind.entry.label, total: kind.total })),
    }
  })
}

/** The rows of `ids` of one kind, by id (none read when there are none). */
async function rowsById(entry: SearchKind<KindRow>, ids: number[]): Promise<Map<number, KindRow>> {
  const rows = ids.length ? ((await entry.table.byIds(ids)) as KindRow[]) : []
  return new Map(rows.map((row) => [row.id, row]))
}
