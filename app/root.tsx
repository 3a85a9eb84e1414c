import type { LinksFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react'
import { ErrorScreen } from './components/site/error-screen'
import { useNonce } from './components/shared/nonce'
import { Toaster } from './components/shared/toaster'
import { revalidateAfterSubmissions } from './lib/revalidate'
import { rootLoader } from './doors/site/root-data.server'
import stylesheet from './tailwind.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Berita', href: '/rss.xml' },
]

export const loader = rootLoader

export const shouldRevalidate = revalidateAfterSubmissions

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
