import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react'
import { getToast } from 'remix-toast'
import { ErrorScreen } from './components/public/error-screen'
import { useNonce } from './components/shared/nonce'
import { Toaster } from './components/shared/toaster'
import { revalidateAfterSubmissions } from './lib/revalidate'
import { FALLBACK_SITE } from './lib/site'
import { siteIdentity } from './models/site-identity.server'
import stylesheet from './tailwind.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Berita', href: '/rss.xml' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const [site, { toast, headers }] = await Promise.all([siteIdentity(request), getToast(request)])
  return data(
    { site, toast: toast ?? null },
    // Without a toast there is nothing to clear: no cookie, so public pages stay shareable (server/response-cache.mjs).
    { headers: toast ? headers : undefined },
  )
}

export const shouldRevalidate = revalidateAfterSubmissions

export type RootData = Awaited<ReturnType<typeof loader>>['data']

export function useSite() {
  return useRouteLoaderData<typeof loader>('root')?.site ?? FALLBACK_SITE
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
  return <ErrorScreen standalone />
}
