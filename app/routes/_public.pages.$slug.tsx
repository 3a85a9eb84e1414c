import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DetailTop } from '~/components/shared/detail-top'
import { formatDate, htmlToText, readingMinutes } from '~/lib/format'
import { describe, routeSeo } from '~/lib/seo'
import { pageLoader } from '~/doors/content/public-pages.server'
import { noQuery } from '~/lib/cache-keys'

export const loader = pageLoader

export const handle = { cacheKey: noQuery }

export { keepLoaderHeaders as headers } from '~/doors/site/public.server'

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: data.page.title,
    description: describe(data.page.content, `${data.page.title} - informasi dari ${site.name}.`),
    type: 'article',
    noindex: !!data.preview,
  }))

export default function PageScreen() {
  const { page, preview } = useLoaderData<typeof loader>()
  const empty = htmlToText(page.content) === ''
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <DetailTop resource="pages" preview={preview} item={page} />
      <header className="mt-6 border-b border-gray-200 pb-6">
        <h1 className="text-3xl font-bold leading-tight text-gray-900 md:text-4xl">{page.title}</h1>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600">
          <span>
            Dibuat <time dateTime={new Date(page.created_at).toISOString()}>{formatDate(page.created_at)}</time>
          </span>
          <span>{readingMinutes(page.content)} menit baca</span>
        </p>
      </header>
      {empty ? (
        <div className="my-10 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
          <h2 className="text-xl font-semibold text-gray-900">Konten Sedang Dipersiapkan</h2>
          <p className="mt-2 text-gray-600">Isi halaman ini akan segera tersedia.</p>
        </div>
      ) : (
        <div className="rich-text mt-6 text-gray-800" dangerouslySetInnerHTML={{ __html: page.content }} />
      )}
      <footer className="mt-10 border-t border-gray-200 pt-4 text-sm text-gray-600">
        Terakhir diperbarui{' '}
        <time dateTime={new Date(page.updated_at).toISOString()}>{formatDate(page.updated_at)}</time>
      </footer>
    </article>
  )
}
