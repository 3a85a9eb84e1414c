import { Link, NavLink, useLoaderData, useSearchParams } from '@remix-run/react'
import type { ScreenPage } from '~/lib/summaries'
import { formatDate } from '~/lib/format'
import { useSite } from '~/components/site/use-site'
import { EmptyList, ListSearch, Pagination } from '~/components/shared/list-controls'

/**
 * The regency portal (docs/api.md "Many villages in one install"), at the regency host: its own frame (no village
 * menu), the list of its villages, and the news of all of them together. Every link to a village goes to its host.
 */

export type PortalVillageItem = {
  slug: string
  name: string
  url: string
  newest: { title: string; url: string; published_at: string } | null
}

export type PortalPostItem = {
  id: string
  title: string
  url: string
  published_at: string
  excerpt: string
  village: { slug: string; name: string; url: string }
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-emerald-50 text-emerald-800' : 'text-gray-700 hover:bg-gray-100'}`

export function PortalHeader() {
  const site = useSite()
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Link to="/" className="text-lg font-bold text-emerald-800">
          {site.name}
        </Link>
        <nav aria-label="Menu utama" className="ml-auto">
          <ul className="flex items-center gap-1">
            <li>
              <NavLink to="/" end className={navClass}>
                Desa
              </NavLink>
            </li>
            <li>
              <NavLink to="/berita" className={navClass}>
                Berita
              </NavLink>
            </li>
            <li>
              <NavLink to="/data" className={navClass}>
                Data
              </NavLink>
            </li>
            <li>
              <Link to="/login" className="rounded-lg px-3 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-100">
                Masuk
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  )
}

export function PortalFooter() {
  const site = useSite()
  return (
    <footer className="bg-emerald-900 text-emerald-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-8 text-sm md:flex-row md:justify-between">
        <p className="font-semibold">{site.name}</p>
        <p>
          Portal desa-desa di {site.name}.{' '}
          <a href="/rss.xml" className="underline underline-offset-2">
            RSS berita
          </a>
        </p>
      </div>
    </footer>
  )
}

/** `/` at the regency host: every active village, with a link to its site and its newest post. */
export function PortalHome({ villages }: { villages: PortalVillageItem[] }) {
  const site = useSite()
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Desa di {site.name}</h1>
      <p className="mt-1 text-gray-600">Situs resmi setiap desa, dengan kabar terbarunya.</p>
      {villages.length === 0 ? (
        <EmptyList className="mt-8">Belum ada desa.</EmptyList>
      ) : (
        <ul aria-label="Daftar desa" className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {villages.map((village) => (
            <li key={village.slug} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-bold text-gray-900">
                <a href={village.url} className="hover:text-emerald-800 hover:underline">
                  {village.name}
                </a>
              </h2>
              <p className="text-sm text-gray-500">{new URL(village.url).host}</p>
              {village.newest ? (
                <p className="mt-3 text-sm text-gray-700">
                  <span className="block text-xs font-semibold uppercase tracking-wide text-gray-500">
                    Berita terbaru, {formatDate(village.newest.published_at)}
                  </span>
                  <a href={village.newest.url} className="font-semibold text-emerald-800 hover:underline">
                    {village.newest.title}
                  </a>
                </p>
              ) : (
                <p className="mt-3 text-sm text-gray-500">Belum ada berita.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** `/berita` at the regency host: the newest posts of every active village together, searchable and paged. */
export function PortalNews() {
  const page = useLoaderData<ScreenPage<PortalPostItem>>()
  const [params] = useSearchParams()
  const searched = Boolean((params.get('search') ?? '').trim())
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Berita Desa</h1>
          <p className="mt-1 text-gray-600">Kabar terbaru dari semua desa.</p>
        </div>
        <ListSearch label="Cari berita" placeholder="Cari berita..." />
      </div>
      {page.data.length === 0 ? (
        <EmptyList>{searched ? 'Tidak ada berita yang ditemukan.' : 'Belum ada berita.'}</EmptyList>
      ) : (
        <ul aria-label="Daftar berita" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.data.map((post) => (
            <li key={post.id}>
              <article className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                <p className="text-xs font-semibold uppercase tracking-wide text-emerald-700">
                  <a href={post.village.url} className="hover:underline">
                    {post.village.name}
                  </a>
                </p>
                <h2 className="mt-1 text-lg font-bold text-gray-900">
                  <a href={post.url} className="hover:text-emerald-800 hover:underline">
                    {post.title}
                  </a>
                </h2>
                <p className="text-sm text-gray-500">{formatDate(post.published_at)}</p>
                <p className="mt-2 text-sm text-gray-700">{post.excerpt}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination current={page.current_page} last={page.last_page} />
    </div>
  )
}
