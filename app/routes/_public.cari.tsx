import type { MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { CardLink } from '~/components/shared/cards'
import { SimplePager } from '~/components/shared/simple-pager'
import { searchLoader } from '~/doors/site/cari.server'
import { formatDate } from '~/lib/format'
import { routeSeo } from '~/lib/seo'
import { onlyQuery } from '~/lib/cache-keys'

export const loader = searchLoader

export const handle = { cacheKey: onlyQuery('q', 'page') }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Pencarian',
    description: `Cari berita, halaman, dokumen, pembangunan dan agenda ${site.name}.`,
    path: '/cari',
    // A results page is not a page of its own for search engines.
    noindex: new URLSearchParams(args.location.search).has('q'),
  }))

const LABEL_TONE: Record<string, string> = {
  Berita: 'bg-emerald-100 text-emerald-900',
  Halaman: 'bg-sky-100 text-sky-900',
  Dokumen: 'bg-violet-100 text-violet-900',
  Pembangunan: 'bg-amber-100 text-amber-900',
  Agenda: 'bg-rose-100 text-rose-900',
}

export default function SearchScreen() {
  const found = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const term = params.get('q') ?? ''
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Pencarian</h1>
      <p className="mt-1 text-gray-600">Cari di seluruh situs: {found.kinds.join(', ')}.</p>
      <Form method="get" action="/cari" role="search" className="mt-6 flex gap-2">
        <label htmlFor="cari-situs" className="sr-only">
          Kata kunci
        </label>
        {/* Keyed by the address so a new search made elsewhere shows here too. */}
        <input
          key={term}
          id="cari-situs"
          name="q"
          type="search"
          enterKeyHint="search"
          defaultValue={term}
          placeholder="Ketik kata kunci..."
          className={
            'w-full min-w-0 rounded-lg border border-gray-300 bg-white px-4 py-2.5 text-sm shadow-sm ' +
            'focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30'
          }
        />
        <button
          type="submit"
          className="rounded-lg bg-emerald-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Cari
        </button>
      </Form>
      {found.searched ? (
        <>
          <p role="status" className="mt-6 text-sm text-gray-700">
            {found.total ? `${found.total} hasil untuk “${term.trim()}”` : `Tidak ada hasil untuk “${term.trim()}”.`}
            {found.total
              ? ` (${found.counts
                  .filter((count) => count.total)
                  .map((count) => `${count.kind} ${count.total}`)
                  .join(', ')})`
              : ''}
          </p>
          {found.data.length ? (
            <ol aria-label="Hasil pencarian" className="mt-4 space-y-3">
              {found.data.map((result) => (
                <li key={`${result.kind}-${result.id}`}>
                  <article
                    className={
                      'group relative rounded-xl border border-gray-200 bg-white p-4 shadow-sm ' +
                      'focus-within:ring-2 focus-within:ring-emerald-600 hover:shadow-md'
                    }
                  >
                    <p className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
                      <span
                        className={
                          `rounded-full px-2.5 py-0.5 font-semibold ` +
                          `${LABEL_TONE[result.kind] ?? 'bg-gray-100 text-gray-800'}`
                        }
                      >
                        {result.kind}
                      </span>
                      <time dateTime={new Date(result.date).toISOString()}>{formatDate(result.date)}</time>
                    </p>
                    <h2 className="mt-1.5 text-lg font-semibold text-gray-900">
                      <CardLink to={result.path}>{result.title}</CardLink>
                    </h2>
                    {result.text ? <p className="mt-1 line-clamp-2 text-sm text-gray-600">{result.text}</p> : null}
                  </article>
                </li>
              ))}
            </ol>
          ) : null}
          <SimplePager
            param="page"
            current={found.current_page}
            last={found.last_page}
            label="Halaman hasil pencarian"
          />
        </>
      ) : (
        <p className="mt-6 text-sm text-gray-600">
          Ketik kata kunci lalu tekan Cari. Hanya mencari berita? Buka{' '}
          <Link to="/posts" className="font-medium text-emerald-800 underline">
            Berita
          </Link>
          .
        </p>
      )}
    </div>
  )
}
