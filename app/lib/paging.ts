/** Paging rules of the REST contract, shared by the API, the loaders and the pagers. */

export type ListQuery = {
  page: number
  search: string
  limit: number
  /** The `limit` the caller asked for, kept in the paging URLs; undefined when it used the default. */
  requestedLimit?: number
  /** Other parameters of the list (filters) that its paging URLs keep. */
  keep?: [string, string][]
}

export type PageLink = { url: string | null; label: string; active: boolean }

export type Paginated<T> = {
  current_page: number
  data: T[]
  first_page_url: string
  from: number | null
  last_page: number
  last_page_url: string
  links: PageLink[]
  next_page_url: string | null
  path: string
  per_page: number
  prev_page_url: string | null
  to: number | null
  total: number
}

export const MAX_LIMIT = 100
export const ADMIN_PAGE_SIZE = 10
export const PUBLIC_PAGE_SIZE = 9
export const MAX_SEARCH_LENGTH = 200

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined
  const number = Number(value)
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined
}

/**
 * `page`: missing, non-numeric or < 1 means 1. `search`: trimmed, empty means none.
 * `limit`: 1 to 100 (out of range is clamped), default per list kind.
 */
export function parseListQuery(params: URLSearchParams, defaultLimit: number): ListQuery {
  const page = positiveInt(params.get('page')) ?? 1
  const search = (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
  const rawLimit = params.get('limit')
  let requestedLimit: number | undefined
  if (rawLimit !== null && /^\s*-?\d+\s*$/.test(rawLimit)) {
    requestedLimit = Math.min(MAX_LIMIT, Math.max(1, Number(rawLimit)))
  }
  return { page, search, limit: requestedLimit ?? defaultLimit, requestedLimit }
}

/**
 * A list's filter `key` of an address, to spread into its filters: `{ [key]: value }` when the value (trimmed) is one
 * of `choices`, else `{}` (a value that names nothing filters nothing).
 */
export function choiceFilter<K extends string>(
  params: URLSearchParams | undefined,
  key: K,
  choices: readonly string[],
): { [P in K]?: string } {
  const value = params?.get(key)?.trim()
  return value && choices.includes(value) ? ({ [key]: value } as { [P in K]?: string }) : {}
}

export function pageUrl(path: string, query: ListQuery, page: number): string {
  const params = new URLSearchParams()
  params.set('page', String(page))
  if (query.search) params.set('search', query.search)
  if (query.requestedLimit !== undefined) params.set('limit', String(query.requestedLimit))
  for (const [name, value] of query.keep ?? []) params.set(name, value)
  return `${path}?${params.toString()}`
}

/**
 * Page numbers to show, with `null` for an ellipsis: all of them up to 13 pages, else a window around the current one.
 */
export function linkWindow(current: number, last: number): (number | null)[] {
  if (last <= 13) return Array.from({ length: last }, (_, i) => i + 1)
  const pages: (number | null)[] = []
  const start = Math.max(3, Math.min(current - 3, last - 9))
  const end = Math.min(last - 2, Math.max(current + 3, 10))
  pages.push(1, 2)
  if (start > 3) pages.push(null)
  for (let page = start; page <= end; page++) pages.push(page)
  if (end < last - 2) pages.push(null)
  pages.push(last - 1, last)
  return pages
}

export function paginate<T>(items: T[], total: number, query: ListQuery, path: string): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / query.limit))
  const current = query.page
  const offset = (current - 1) * query.limit
  const url = (page: number) => pageUrl(path, query, page)
  const links: PageLink[] = [
    { url: current > 1 ? url(current - 1) : null, label: '&laquo; Previous', active: false },
    ...linkWindow(current, lastPage).map((page) =>
      page === null
        ? { url: null, label: '...', active: false }
        : { url: url(page), label: String(page), active: page === current },
    ),
    { url: current < lastPage ? url(current + 1) : null, label: 'Next &raquo;', active: false },
  ]
  return {
    current_page: current,
    data: items,
    first_page_url: url(1),
    from: items.length ? offset + 1 : null,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: current < lastPage ? url(current + 1) : null,
    path,
    per_page: query.limit,
    prev_page_url: current > 1 ? url(current - 1) : null,
    to: items.length ? offset + items.length : null,
    total,
  }
}

/**
 * The admin pager: at most `max` page numbers around the current page, and whether first/last
 * shortcuts and ellipses are needed on either side.
 */
export function pagerWindow(current: number, last: number, max = 5) {
  const size = Math.min(max, last)
  let start = Math.max(1, current - Math.floor(size / 2))
  start = Math.min(start, last - size + 1)
  const pages = Array.from({ length: size }, (_, i) => start + i)
  return {
    pages,
    showFirst: start > 1,
    leadingEllipsis: start > 2,
    showLast: start + size - 1 < last,
    trailingEllipsis: start + size - 1 < last - 1,
  }
}
