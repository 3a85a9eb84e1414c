import { freeSlug, listPage, type ListDelegate, type TableRead } from '~/models/site/crud.server'
import { statusWhere, withPublishing, type Publishing, type Status } from './publishing.server'
import type { ListQuery } from '~/lib/paging'

/**
 * What the models of published records (posts, pages, products, documents, events, statistics, development
 * projects) share: their admin list by publishing state, and what a save writes besides their own fields.
 */

/** The admin list of a resource with drafts and scheduling: `adminList` in one publishing state (`status`) or all. */
export const statusList =
  <Row>(delegate: ListDelegate, read: TableRead, map?: (row: any) => Row) =>
  (query: ListQuery, path: string, status?: string | null) =>
    listPage<Row>(delegate, { ...read, query, path, where: statusWhere(status), map })

/** What an update of a published record reads of the stored one for `publishedFields` (with its own columns). */
export const PUBLISHED_COLUMNS = { title: true, slug: true, status: true, published_at: true } as const

/**
 * What a save of a published record writes besides its own fields: its slug (from the title; an update keeps the
 * slug while the title stays) and its status and publish time (`withPublishing`). `stored`: the record an update
 * replaces, read with PUBLISHED_COLUMNS.
 */
export async function publishedFields<D extends { title: string; status?: Status; published_at?: Date | null }>(
  table: Parameters<typeof freeSlug>[0],
  data: D,
  fallback: string,
  stored?: { id: number; row: { title: string; slug: string } & Publishing },
) {
  const slug =
    stored && stored.row.title === data.title
      ? stored.row.slug
      : await freeSlug(table, data.title, stored?.id, fallback)
  return { ...withPublishing(data, stored?.row ?? null), slug }
}
