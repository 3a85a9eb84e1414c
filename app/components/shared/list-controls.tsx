import { Link, useLoaderData, useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useRef, type FormEvent } from 'react'
import { pagerWindow } from '~/lib/paging'
import type { ScreenPage } from '~/lib/summaries'
import { Spliced } from '~/components/site/spliced'
import { CardHeading } from './cards'

/** The address of this list with `changes` applied: `search` only when non-empty, `page` only above 1. */
export function listHref(pathname: string, params: URLSearchParams, changes: { search?: string; page?: number }) {
  const next = new URLSearchParams(params)
  if (changes.search !== undefined) {
    const term = changes.search.trim()
    if (term) next.set('search', term)
    else next.delete('search')
  }
  if (changes.page !== undefined) {
    if (changes.page > 1) next.set('page', String(changes.page))
    else next.delete('page')
  }
  const query = next.toString()
  return query ? `${pathname}?${query}` : pathname
}

/**
 * The search box of a public list. The address is the state: the box starts from `?search=`, and Enter
 * writes the new term there and goes back to page 1. Without JavaScript it is a plain GET form.
 */
export function ListSearch({ label, placeholder }: { label: string; placeholder: string }) {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const current = params.get('search') ?? ''
  const box = useRef<HTMLInputElement>(null)
  const shownTerm = useRef(current)

  // The address is the state: a search made elsewhere (the header, the back button) shows here too. What the visitor
  // has typed since the box last showed the address is theirs, and stays while they are in the box.
  useEffect(() => {
    const input = box.current
    if (!input) return
    const typed = input.value !== shownTerm.current && document.activeElement === input
    if (!typed) input.value = current
    shownTerm.current = current
  }, [current])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const term = String(new FormData(event.currentTarget).get('search') ?? '')
    navigate(listHref(pathname, params, { search: term, page: 1 }))
  }

  return (
    <form method="get" action={pathname} role="search" onSubmit={submit} className="relative w-full sm:max-w-sm">
      <label htmlFor="list-search" className="sr-only">
        {label}
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-gray-400"
      >
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
      <input
        ref={box}
        id="list-search"
        name="search"
        type="search"
        enterKeyHint="search"
        defaultValue={current}
        placeholder={placeholder}
        className={
          'w-full rounded-full border border-gray-300 bg-white py-2.5 pl-10 pr-4 text-sm shadow-sm ' +
          'focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30'
        }
      />
    </form>
  )
}

/** `pager-link`: app/tailwind.css. */
const pageLink = 'pager-link'

/** Centred pager: at most five page numbers, first/last shortcuts and previous/next. Hidden for one page. */
export function Pagination({ current, last }: { current: number; last: number }) {
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  if (last <= 1) return null
  const { pages, showFirst, leadingEllipsis, showLast, trailingEllipsis } = pagerWindow(
    Math.min(current, last),
    last,
    5,
  )
  const href = (page: number) => listHref(pathname, params, { page })
  const number = (page: number) => (
    <li key={page}>
      <Link
        to={href(page)}
        aria-label={`Halaman ${page}`}
        aria-current={page === current ? 'page' : undefined}
        className={`${pageLink} ${
          page === current
            ? 'border-emerald-700 bg-emerald-700 text-white'
            : 'border-gray-300 bg-white text-gray-700 hover:bg-emerald-50'
        }`}
      >
        {page}
      </Link>
    </li>
  )
  const gap = (key: string) => (
    <li key={key} aria-hidden="true" className="px-1 text-gray-400">
      …
    </li>
  )
  return (
    <nav aria-label="Navigasi halaman" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {current > 1 ? (
            <Link
              to={href(Math.min(current - 1, last))}
              className={`${pageLink} border-gray-300 bg-white text-gray-700 hover:bg-emerald-50`}
            >
              <span aria-hidden="true">‹</span>
              <span className="ml-1 hidden sm:inline">Sebelumnya</span>
              <span className="sr-only sm:hidden">Sebelumnya</span>
            </Link>
          ) : null}
        </li>
        {showFirst ? number(1) : null}
        {leadingEllipsis ? gap('lead') : null}
        {pages.map(number)}
        {trailingEllipsis ? gap('trail') : null}
        {showLast ? number(last) : null}
        <li>
          {current < last ? (
            <Link
              to={href(current + 1)}
              className={`${pageLink} border-gray-300 bg-white text-gray-700 hover:bg-emerald-50`}
            >
              <span className="mr-1 hidden sm:inline">Berikutnya</span>
              <span className="sr-only sm:hidden">Berikutnya</span>
              <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  )
}

/** The texts of each public list screen: heading, search box (name, placeholder), empty text, list name. */
const LISTS = {
  pages: [
    'Tentang Desa',
    'Sejarah, profil, dan informasi penting tentang desa.',
    'Cari halaman',
    'Cari halaman...',
    'Tidak ada halaman yang ditemukan.',
    'Daftar halaman',
  ],
  aparaturs: [
    'Aparatur Desa',
    'Perangkat desa yang melayani warga.',
    'Cari aparatur',
    'Cari aparatur...',
    'Tidak ada aparatur yang ditemukan.',
    'Daftar aparatur',
  ],
  posts: [
    'Berita Desa',
    'Kabar terbaru dari pemerintah dan warga desa.',
    'Cari berita',
    'Cari berita...',
    'Tidak ada post yang tersedia.',
    'Daftar berita',
  ],
  products: [
    'Produk Desa',
    'Hasil bumi dan kerajinan warga, langsung dari penjualnya.',
    'Cari produk',
    'Cari produk...',
    'Tidak ada produk yang ditemukan.',
    'Daftar produk',
  ],
  photos: [
    'Galeri Desa',
    'Potret kegiatan dan keindahan desa.',
    'Cari foto',
    'Cari foto menarik...',
    'Tidak ada foto yang tersedia.',
    'Daftar foto',
  ],
} as const

/** What a list shows when it has nothing (a status, so a search that finds nothing is read out). */
export function EmptyList({ className, children }: { className?: string; children: React.ReactNode }) {
  const box = 'rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center text-gray-500'
  return (
    <p role="status" className={className ? `${className} ${box}` : box}>
      {children}
    </p>
  )
}

/** A filter's options: every one (the empty value, `all`) first, then each choice. */
export function FilterOptions({
  all,
  choices,
}: {
  all: string
  choices: readonly { value: string | number; label: React.ReactNode }[]
}) {
  return (
    <>
      <option value="">{all}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  )
}

/**
 * The 1/2/3-column grid of every public list: a card for each item, the first row's pictures loaded at once.
 * `kept`: the cards are the same for an item until the village's data version changes (they show the item's row and
 * nothing of the request or the clock), so the server renders each once per version and splices it in (`Spliced`,
 * decision 090); the name keeps one list's cards apart from another's.
 */
export function CardGrid<Item extends { id: number }>({
  label,
  items,
  card,
  kept,
}: {
  label: string
  items: Item[]
  card: (item: Item, eager: boolean) => React.ReactNode
  kept?: string
}) {
  return (
    <CardHeading.Provider value="h2">
      <ul aria-label={label} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.id}>
            {kept ? (
              <Spliced part={`card:${kept}:${item.id}:${index < 3 ? 'eager' : 'lazy'}`}>
                {card(item, index < 3)}
              </Spliced>
            ) : (
              card(item, index < 3)
            )}
          </li>
        ))}
      </ul>
    </CardHeading.Provider>
  )
}

type PublicListProps<Item> = {
  of: keyof typeof LISTS
  /**
   * Each item's card in the 1/2/3-column grid (the first row's pictures load at once), rendered once per data version
   * and spliced (`CardGrid`'s `kept`): a card shows its item's row only, never the clock or the request...
   */
  card?: (item: Item, eager: boolean) => React.ReactNode
  /** ...or the items shown some other way (the photo gallery). */
  children?: (items: Item[]) => React.ReactNode
  /** While searched: offer the same term to the site search (`Cari di seluruh situs`, /cari). */
  siteSearch?: boolean
}

/**
 * Every public list screen, showing the page its route loaded (publicPage in app/doors/site/public.server.ts):
 * heading and search box, the page's items or the empty text, the pager.
 */
export function PublicList<Item extends { id: number }>({ of, card, children, siteSearch }: PublicListProps<Item>) {
  const page = useLoaderData<ScreenPage<Item>>()
  const [params] = useSearchParams()
  const term = (params.get('search') ?? '').trim()
  const [title, intro, searchLabel, placeholder, empty, label] = LISTS[of]
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">{title}</h1>
          <p className="mt-1 text-gray-600">{intro}</p>
        </div>
        <ListSearch label={searchLabel} placeholder={placeholder} />
      </div>
      {siteSearch && term ? (
        <p className="-mt-4 mb-6 text-sm text-gray-600">
          Mencari selain berita?{' '}
          <Link
            to={`/cari?q=${encodeURIComponent(term)}`}
            className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
          >
            Cari di seluruh situs
          </Link>
        </p>
      ) : null}
      {page.data.length === 0 ? (
        <EmptyList>{empty}</EmptyList>
      ) : card ? (
        <CardGrid label={label} items={page.data} card={card} kept={of} />
      ) : (
        children?.(page.data)
      )}
      <Pagination current={page.current_page} last={page.last_page} />
    </div>
  )
}
