import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'

/** What a visitor sees when a screen cannot be shown: not found, or a friendly failure (never a stack trace). */
export function ErrorScreen() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const notFound = status === 404
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-6xl font-bold text-emerald-700" aria-hidden="true">
        {notFound ? '404' : ':('}
      </p>
      <h1 className="text-2xl font-semibold text-gray-900">{notFound ? 'Halaman tidak ditemukan' : 'Maaf, terjadi kesalahan'}</h1>
      <p className="text-gray-600">
        {notFound
          ? 'Halaman yang Anda cari tidak ada atau sudah dipindahkan.'
          : 'Halaman ini gagal dimuat. Silakan muat ulang halaman atau coba lagi beberapa saat lagi.'}
      </p>
      <Link to="/" className="rounded-lg bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800">
        Kembali ke Beranda
      </Link>
    </section>
  )
}

export const errorTitle = (error: unknown) =>
  isRouteErrorResponse(error) && error.status === 404 ? 'Halaman Tidak Ditemukan' : 'Terjadi Kesalahan'
