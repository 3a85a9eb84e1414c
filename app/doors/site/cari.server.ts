import type { LoaderFunctionArgs } from '@remix-run/node'
import { parseListQuery, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { searchSite, SEARCH_KINDS, type SiteSearch } from '~/models/site/site-search.server'

/** The site search's door, `/cari?q=&page=` (docs/api.md "Navigation, sitemap, feeds, search"). */

export type SearchScreen = Omit<SiteSearch, 'term'> & { kinds: string[]; searched: boolean }

export async function searchLoader({ request, context }: LoaderFunctionArgs): Promise<SearchScreen> {
  const params = new URL(request.url).searchParams
  const term = params.get('q') ?? ''
  const { page } = parseListQuery(params, PUBLIC_PAGE_SIZE)
  const { term: searched, ...found } = await searchSite(term, page)
  // A page past the last one is answered, not kept (as the lists: app/doors/site/public.server.ts).
  if (page > found.last_page) context.skipResponseCache?.()
  return { ...found, kinds: SEARCH_KINDS, searched: searched !== '' }
}
