import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { errorTitle } from '~/lib/site'

/**
 * What a visitor sees when a screen cannot be shown: not found, or a friendly failure (never a stack trace).
 * Inside the public layout it is the page's content; `standalone` is the root's boundary, where no layout
 * rendered: a whole page with its own title, and a plain link that loads the home page afresh.
 */
export function ErrorScreen({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const notFound = status === 404
  const Wrapper = standalone ? 'main' : 'section'
  const home = 'rounded-lg bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800'
  return (
    <Wrapper className={`mx-auto flex max-w-xl flex-col items-center gap-4 text-center ${standalone ? 'min-h-screen justify-center p-6' : 'px-4 py-20'}`}>
      {standalone ? <title>{errorTitle(error)}</title> : null}
      <p className="text-6xl font-bold text-emerald-700" aria-hidden="true">
        {notFound ? '404' : ':('}
      </p>
      <h1 className="text-2xl font-semibold text-gray-900">{notFound ? 'Halaman tidak ditemukan' : 'Maaf, terjadi kesalahan'}</h1>
      <p className="text-gray-600">
        {notFound
          ? 'Halaman yang Anda cari tidak ada atau sudah dipindahkan.'
          : 'Halaman ini gagal dimuat. Silakan muat ulang halaman atau coba lagi beberapa saat lagi.'}
      </p>
      {standalone ? (
        <a href="/" className={home}>
          Kembali ke Beranda
        </a>
      ) : (
        <Link to="/" className={home}>
          Kembali ke Beranda
        </Link>
      )}
    </Wrapper>
  )
}
