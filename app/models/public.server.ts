import { notFound } from '~/server/http.server'
import type { ListQuery, Paginated } from '~/lib/paging'
import { getAparatur, homeAparaturs, listAparaturs } from './aparatur.server'
import { parseId } from './crud.server'
import { getPageBySlug, listPages } from './page.server'
import { homePhotos, listPhotos } from './photo.server'
import { getPostBySlug, homePosts, listPosts } from './post.server'
import { getProductBySlug, homeProducts, listProducts } from './product.server'
import { allSliders } from './slider.server'

/**
 * The public reads of docs/api.md, declared once: `/api/public/{name}` answers a paged list or a plain
 * array, `/api/public/{name}/{key}` one item by slug or id.
 */
type PublicResource = {
  /** "List Data Posts" */
  things: string
  /** "Detail Data Post" */
  thing?: string
  list?(query: ListQuery, path: string): Promise<Paginated<unknown>>
  /** A plain array (home sections, sliders). */
  all?(): Promise<unknown[]>
  /** One item by its key (slug, or id for aparaturs); throws the contract's 404. */
  detail?(key: string): Promise<unknown>
}

const byId = (thing: string, get: (id: number) => Promise<unknown>) => async (key: string) => {
  const id = parseId(key)
  if (id === null) throw notFound(thing)
  return get(id)
}

const RESOURCES: Record<string, PublicResource> = {
  sliders: { things: 'Sliders', all: allSliders },
  posts_home: { things: 'Posts', all: homePosts },
  products_home: { things: 'Products', all: homeProducts },
  aparaturs_home: { things: 'Aparaturs', all: homeAparaturs },
  photos_home: { things: 'Photos', all: homePhotos },
  pages: { things: 'Pages', thing: 'Page', list: listPages, detail: getPageBySlug },
  posts: { things: 'Posts', thing: 'Post', list: listPosts, detail: getPostBySlug },
  products: { things: 'Products', thing: 'Product', list: listProducts, detail: getProductBySlug },
  aparaturs: { things: 'Aparaturs', thing: 'Aparatur', list: listAparaturs, detail: byId('Aparatur', getAparatur) },
  photos: { things: 'Photos', list: listPhotos },
}

export const findPublicResource = (name: string | undefined): PublicResource | undefined =>
  name && Object.hasOwn(RESOURCES, name) ? RESOURCES[name] : undefined
