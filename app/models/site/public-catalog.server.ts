import { notFound } from '~/utils/http.server'
import { cachedRead } from '~/public-reads/read-memo.server'
import type { ListQuery, Paginated } from '~/lib/paging'
import { getPublicAparatur, homeAparaturs, listPublicAparaturs } from '~/models/village-info/aparatur.server'
import { showingAnnouncements } from '~/models/content/announcement.server'
import { getEventBySlug, listPublicEvents, parseWhen } from '~/models/content/event.server'
import { getStatisticBySlug, listPublicStatistics } from '~/models/village-info/statistic.server'
import { budgetYears, publishedBudget } from '~/models/village-info/budget.server'
import { listPublicDevelopments, publishedDevelopment } from '~/models/village-info/development.server'
import { parseId } from './crud.server'
import {
  getPublicDocumentBySlug,
  listPublicDocuments,
  parseDocumentFilters,
} from '~/models/village-info/document.server'
import { getPageBySlug, listPublicPages } from '~/models/content/page.server'
import { homePhotos, listPublicPhotos } from '~/models/content/photo.server'
import { getPostBySlug, homePosts, listPublicPosts } from '~/models/content/post.server'
import { getProductBySlug, homeProducts, listPublicProducts } from '~/models/content/product.server'
import { allSliders } from '~/models/content/slider.server'

/**
 * The public reads of docs/api.md, declared once: `/api/public/{name}` answers a paged list or a plain
 * array, `/api/public/{name}/{key}` one item by slug or id.
 */
type PublicResource = {
  /** "List Data Posts" */
  things: string
  /** "Detail Data Post" */
  thing?: string
  /** `params`: the address's other parameters (filters: documents' `kind`, the agenda's `when`...). */
  list?(query: ListQuery, path: string, params?: URLSearchParams): Promise<Paginated<unknown>>
  /** A plain array (home sections, sliders). */
  all?(): Promise<unknown[]>
  /** One item by its key (slug, or id for aparaturs); throws the contract's 404. */
  detail?(key: string): Promise<unknown>
  /** The list's filters besides `page`, `search` and `limit`, as its paging links keep them (`year`, `stage`). */
  filters?(params: URLSearchParams): [string, string][]
}

const byId = (thing: string, get: (id: number) => Promise<unknown>) => async (key: string) => {
  const id = parseId(key)
  if (id === null) throw notFound(thing)
  return get(id)
}

/**
 * The public reads shared by the API and the site's screens, each kept once per data version (see
 * app/public-reads/read-memo.server.ts); the lists keep theirs by canonical query
 * (app/public-reads/public-table.server.ts, list).
 */
const memoAll =
  <T>(name: string, read: () => Promise<T>) =>
  () =>
    cachedRead(JSON.stringify(['all', name]), read)
const memoDetail =
  <K, T>(name: string, read: (key: K) => Promise<T>) =>
  (key: K) =>
    cachedRead(JSON.stringify(['detail', name, key]), () => read(key))

export const publicSliders = memoAll('sliders', allSliders)
export const publicHomePosts = memoAll('posts_home', homePosts)
export const publicHomeProducts = memoAll('products_home', homeProducts)
export const publicHomeAparaturs = memoAll('aparaturs_home', homeAparaturs)
export const publicHomePhotos = memoAll('photos_home', homePhotos)
export const publicPageBySlug = memoDetail('pages', getPageBySlug)
export const publicPost = memoDetail('posts', getPostBySlug)
export const publicProduct = memoDetail('products', getProductBySlug)
export const publicAparatur = memoDetail('aparaturs', getPublicAparatur)
export const publicDocument = memoDetail('documents', getPublicDocumentBySlug)
export const publicEvent = memoDetail('events', getEventBySlug)
export const publicStatistic = memoDetail('statistics', getStatisticBySlug)
export const publicBudgetYears = memoAll('budgets', budgetYears)
export const publicBudget = memoDetail('budgets', publishedBudget)
export const publicDevelopment = memoDetail('developments', publishedDevelopment)

/** A budget's public key is its year (four digits); anything else is not found. */
const byYear = async (key: string) => {
  if (!/^\d{4}$/.test(key)) throw notFound('Budget')
  return publicBudget(Number(key))
}

const RESOURCES: Record<string, PublicResource> = {
  sliders: { things: 'Sliders', all: publicSliders },
  posts_home: { things: 'Posts', all: publicHomePosts },
  products_home: { things: 'Products', all: publicHomeProducts },
  aparaturs_home: { things: 'Aparaturs', all: publicHomeAparaturs },
  photos_home: { things: 'Photos', all: publicHomePhotos },
  pages: { things: 'Pages', thing: 'Page', list: listPublicPages, detail: publicPageBySlug },
  posts: { things: 'Posts', thing: 'Post', list: listPublicPosts, detail: publicPost },
  products: { things: 'Products', thing: 'Product', list: listPublicProducts, detail: publicProduct },
  aparaturs: {
    things: 'Aparaturs',
    thing: 'Aparatur',
    list: listPublicAparaturs,
    detail: byId('Aparatur', publicAparatur),
  },
  photos: { things: 'Photos', list: listPublicPhotos },
  documents: {
    things: 'Documents',
    thing: 'Document',
    list: (query, path, params) =>
      listPublicDocuments(query, path, parseDocumentFilters(params ?? new URLSearchParams())),
    detail: publicDocument,
  },
  // Village information (docs/api.md "Agenda", "Announcements", "Village statistics").
  events: {
    things: 'Events',
    thing: 'Event',
    list: (query, path, params) => listPublicEvents(query, parseWhen(params?.get('when')), path),
    detail: publicEvent,
  },
  announcements: { things: 'Announcements', all: showingAnnouncements },
  statistics: {
    things: 'Statistics',
    thing: 'Statistic',
    list: (query, path, params) => listPublicStatistics(query, params?.get('category'), path),
    detail: publicStatistic,
  },
  // Transparansi (docs/api.md "Budget (APBDes)", "Development projects"): the published years, each year; the projects.
  budgets: { things: 'Budgets', thing: 'Budget', all: publicBudgetYears, detail: byYear },
  developments: {
    things: 'Developments',
    thing: 'Development',
    list: listPublicDevelopments,
    detail: publicDevelopment,
  },
}

export const findPublicResource = (name: string | undefined): PublicResource | undefined =>
  name && Object.hasOwn(RESOURCES, name) ? RESOURCES[name] : undefined
