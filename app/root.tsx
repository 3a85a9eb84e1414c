import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { getToast } from 'remix-toast'
import { useNonce } from './components/shared/nonce'
import { Toaster } from './components/shared/toaster'
import { getEnv } from './lib/env.server'
import { revalidateAfterSubmissions } from './lib/revalidate'
import { siteOrigin } from './models/seo.server'
import stylesheet from './tailwind.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Berita', href: '/rss.xml' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv()
  const { toast, headers } = await getToast(request)
  return data(
    {
      site: { name: env.SITE_NAME, url: siteOrigin(request), address: env.SITE_ADDRESS, phone: env.SITE_PHONE, email: env.SITE_EMAIL },
      toast: toast ?? null,
    },
    // Without a toast there is nothing to clear: no cookie, so public pages stay shareable (server/response-cache.mjs).
    { headers: toast ? headers : undefined },
  )
}

export const shouldRevalidate = revalidateAfterSubmissions

export type RootData = Awaited<ReturnType<typeof loader>>['data']

export function useSite() {
  return useRouteLoaderData<typeof loader>('root')?.site ?? { name: 'Balai Desa', url: '', address: '', phone: '', email: '' }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-gray-50 text-gray-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const notFound = status === 404
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{notFound ? 'Halaman Tidak Ditemukan' : 'Terjadi Kesalahan'}</title>
      <p className="text-6xl font-bold text-emerald-700">{status}</p>
      <h1 className="text-2xl font-semibold">{notFound ? 'Halaman tidak ditemukan' : 'Maaf, terjadi kesalahan'}</h1>
      <p className="text-gray-600">
        {notFound
          ? 'Halaman yang Anda cari tidak ada atau sudah dipindahkan.'
          : 'Silakan muat ulang halaman ini atau coba lagi beberapa saat lagi.'}
      </p>
      <a href="/" className="rounded-lg bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800">
        Kembali ke Beranda
      </a>
    </main>
  )
}
