import { parseListQuery, PUBLIC_PAGE_SIZE, type ListQuery, type Paginated } from '~/lib/paging'
import { HttpError, notFoundResponse } from '~/server/http.server'

/** The public door: what the loaders of the public site's screens share. */

/** One page of a public list, for the address's `?search=` and `?page=` (9 to a page). */
export function publicPage<Row>(request: Request, list: (query: ListQuery, path: string) => Promise<Paginated<Row>>) {
  const url = new URL(request.url)
  return list(parseListQuery(url.searchParams, PUBLIC_PAGE_SIZE), url.pathname)
}

/**
 * Runs a model lookup for a screen: the model's 404 becomes a 404 response, which the public layout's
 * error boundary shows as the not-found screen (with that status).
 */
export async function foundOr404<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup()
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFoundResponse()
    throw error
  }
}
