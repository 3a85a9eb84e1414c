import { describe, expect, it } from 'vitest'
import { choiceFilter, linkWindow, pagerWindow, paginate, parseListQuery } from '~/lib/paging'

const q = (query: string, limit = 10) => parseListQuery(new URLSearchParams(query), limit)

describe('parseListQuery', () => {
  it('defaults and repairs page', () => {
    expect(q('').page).toBe(1)
    expect(q('page=abc').page).toBe(1)
    expect(q('page=0').page).toBe(1)
    expect(q('page=-3').page).toBe(1)
    expect(q('page=1.5').page).toBe(1)
    expect(q('page=4').page).toBe(4)
  })
  it('trims search', () => {
    expect(q('search=%20%20air%20').search).toBe('air')
    expect(q('search=%20').search).toBe('')
  })
  it('keeps limit within 1..100 and the default otherwise', () => {
    expect(q('').limit).toBe(10)
    expect(q('', 9).limit).toBe(9)
    expect(q('limit=0').limit).toBe(1)
    expect(q('limit=500').limit).toBe(100)
    expect(q('limit=25').limit).toBe(25)
    expect(q('limit=x').limit).toBe(10)
  })
})

describe('choiceFilter', () => {
  const STATUSES = ['baru', 'selesai'] as const
  const of = (query: string) => choiceFilter(new URLSearchParams(query), 'status', STATUSES)
  it('keeps a value that names a choice, trimmed, under its key', () => {
    expect(of('status=baru')).toEqual({ status: 'baru' })
    expect(of('status=%20selesai%20')).toEqual({ status: 'selesai' })
  })
  it('leaves out a value that names nothing, an empty one and a missing one', () => {
    expect(of('status=BARU')).toEqual({})
    expect(of('status=')).toEqual({})
    expect(of('kind=baru')).toEqual({})
    expect(choiceFilter(undefined, 'status', STATUSES)).toEqual({})
  })
})

describe('paginate', () => {
  it('builds the contract payload for a middle page with search and limit kept', () => {
    const query = q('page=2&search=air&limit=9')
    const page = paginate([1, 2, 3, 4, 5, 6, 7, 8, 9], 25, query, '/api/public/posts')
    expect(page).toMatchObject({
      current_page: 2,
      from: 10,
      to: 18,
      last_page: 3,
      per_page: 9,
      total: 25,
      path: '/api/public/posts',
      first_page_url: '/api/public/posts?page=1&search=air&limit=9',
      prev_page_url: '/api/public/posts?page=1&search=air&limit=9',
      next_page_url: '/api/public/posts?page=3&search=air&limit=9',
      last_page_url: '/api/public/posts?page=3&search=air&limit=9',
    })
    expect(page.links[0]).toEqual({ url: page.prev_page_url, label: '&laquo; Previous', active: false })
    expect(page.links.at(-1)).toEqual({ url: page.next_page_url, label: 'Next &raquo;', active: false })
    expect(page.links.filter((link) => link.active).map((link) => link.label)).toEqual(['2'])
  })
  it('gives an empty page past the end and last_page at least 1', () => {
    const empty = paginate([], 0, q('page=5'), '/x')
    expect(empty).toMatchObject({ current_page: 5, last_page: 1, from: null, to: null, next_page_url: null })
    expect(empty.prev_page_url).toBe('/x?page=4')
  })
  it('windows long link lists with ellipses', () => {
    expect(linkWindow(1, 5)).toEqual([1, 2, 3, 4, 5])
    const window = linkWindow(20, 40)
    expect(window.slice(0, 3)).toEqual([1, 2, null])
    expect(window).toContain(20)
    expect(window.slice(-3)).toEqual([null, 39, 40])
  })
})

describe('pagerWindow', () => {
  it('shows at most 5 pages around the current one', () => {
    expect(pagerWindow(1, 3).pages).toEqual([1, 2, 3])
    expect(pagerWindow(1, 10)).toMatchObject({
      pages: [1, 2, 3, 4, 5],
      showFirst: false,
      showLast: true,
      trailingEllipsis: true,
    })
    expect(pagerWindow(6, 10)).toMatchObject({
      pages: [4, 5, 6, 7, 8],
      showFirst: true,
      leadingEllipsis: true,
      showLast: true,
    })
    expect(pagerWindow(10, 10)).toMatchObject({ pages: [6, 7, 8, 9, 10], showLast: false })
  })
})
