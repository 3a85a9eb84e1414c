import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'
import { errorTitle } from '~/lib/site'

/** What each refusal says (its title: errorTitle); anything else is a failure (500). */
const SCREENS = {
  400: {
    code: '400',
    heading: 'Alamat tidak valid',
    text: 'Alamat halaman ini tidak dapat dibaca. Periksa kembali tautan atau alamat yang Anda ketik.',
  },
  404: {
    code: '404',
    heading: 'Halaman tidak ditemukan',
    text: 'Halaman yang Anda cari tidak ada atau sudah dipindahkan.',
  },
  413: {
    code: '413',
    heading: 'Isian terlalu besar',
    text: 'Data yang dikirim melebihi batas. Kurangi isinya, lalu coba lagi.',
  },
  500: {
    code: ':(',
    heading: 'Maaf, terjadi kesalahan',
    text: 'Halaman ini gagal dimuat. Silakan muat ulang halaman atau coba lagi beberapa saat lagi.',
  },
}

const screenOf = (error: unknown) => {
  const status = isRouteErrorResponse(error) ? error.status : 500
  return status === 400 || status === 404 || status === 413 ? SCREENS[status] : SCREENS[500]
}

/**
 * What a visitor sees when a screen cannot be shown: not found, a malformed address, or a friendly failure (never a
 * stack trace). Inside the public layout it is the page's content; `standalone` is the root's boundary, where no layout
 * rendered: a whole page with its own title, and a plain link that loads the home page afresh.
 */
export function ErrorScreen({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError()
  const screen = screenOf(error)
  const Wrapper = standalone ? 'main' : 'section'
  const home = 'rounded-lg bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800'
  return (
    <Wrapper
      className={
        'mx-auto flex max-w-xl flex-col items-center gap-4 text-center ' +
        `${standalone ? 'min-h-screen justify-center p-6' : 'px-4 py-20'}`
      }
    >
      {standalone ? <title>{errorTitle(error)}</title> : null}
      <p className="text-6xl font-bold text-emerald-700" aria-hidden="true">
        {screen.code}
      </p>
      <h1 className="text-2xl font-semibold text-gray-900">{screen.heading}</h1>
      <p className="text-gray-600">{screen.text}</p>
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
