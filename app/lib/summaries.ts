import { excerpt } from './format'
import type { Paginated } from './paging'

/**
 * What the public screens show of a row, and so all they send to the browser: a card needs an excerpt, not the
 * article; a pager needs the page numbers, not the API's links. Each summary is made once per row object: the
 * rows of the read memo (app/public-reads/read-memo.server.ts) are shared by every request of a data version.
 */
type DateLike = Date | string

export type PostSummary = {
  id: number
  image: string | null
  image_alt: string
  title: string
  slug: string
  excerpt: string
  created_at: DateLike
  category: { name: string } | null
}
export type ProductSummary = {
  id: number
  image: string | null
  image_alt: string
  title: string
  slug: string
  price: number
  owner: string
}
export type AparaturSummary = { id: number; image: string | null; image_alt: string; name: string; position: string }
export type PageSummary = { id: number; title: string; slug: string; excerpt: string; created_at: DateLike }
export type PhotoSummary = { id: number; image: string; image_alt: string; caption: string; description: string }
export type SlideSummary = { id: number; image: string; image_alt: string; description: string }

/** A list screen's page: its summaries and where the pager stands. */
export type ScreenPage<T> = { data: T[]; current_page: number; last_page: number }

const EXCERPT_LENGTH = 150

function perRow<Row extends object, Summary>(make: (row: Row) => Summary): (row: Row) => Summary {
  const made = new WeakMap<Row, Summary>()
  return (row) => {
    let summary = made.get(row)
    if (summary === undefined) made.set(row, (summary = make(row)))
    return summary
  }
}

/** The date a card shows: when it was published (rows from before drafts existed: when created). */
const shownDate = (row: { created_at: DateLike; published_at?: DateLike | null }) => row.published_at ?? row.created_at

export const postSummary = perRow(
  (
    row: Omit<PostSummary, 'excerpt' | 'category'> & {
      content: string
      category: { name: string } | null
      published_at?: DateLike | null
    },
  ): PostSummary => ({
    id: row.id,
    image: row.image,
    image_alt: row.image_alt,
    title: row.title,
    slug: row.slug,
    excerpt: excerpt(row.content, EXCERPT_LENGTH),
    created_at: shownDate(row),
    category: row.category ? { name: row.category.name } : null,
  }),
)

export const productSummary = perRow((row: ProductSummary): ProductSummary => ({
  id: row.id,
  image: row.image,
  image_alt: row.image_alt,
  title: row.title,
  slug: row.slug,
  price: row.price,
  owner: row.owner,
}))

export const aparaturSummary = perRow((row: AparaturSummary): AparaturSummary => ({
  id: row.id,
  image: row.image,
  image_alt: row.image_alt,
  name: row.name,
  position: row.position,
}))

export const pageSummary = perRow(
  (row: Omit<PageSummary, 'excerpt'> & { content: string; published_at?: DateLike | null }): PageSummary => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: excerpt(row.content, EXCERPT_LENGTH),
    created_at: shownDate(row),
  }),
)

export const photoSummary = perRow((row: PhotoSummary): PhotoSummary => ({
  id: row.id,
  image: row.image,
  image_alt: row.image_alt,
  caption: row.caption,
  description: row.description,
}))

export const slideSummary = perRow((row: SlideSummary): SlideSummary => ({
  id: row.id,
  image: row.image,
  image_alt: row.image_alt,
  description: row.description,
}))

/** A list page for a screen: the summaries of its rows and the pager's numbers. */
export const screenPage = <Row, T>(page: Paginated<Row>, summary: (row: Row) => T): ScreenPage<T> => ({
  data: page.data.map(summary),
  current_page: page.current_page,
  last_page: page.last_page,
})
