import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { previewHeaders, previewLoader, type PreviewScreen } from '~/doors/preview.server'
import { routeSeo } from '~/lib/seo'
import { ErrorScreen } from '~/components/public/error-screen'
import styles from '~/styles/transparansi.css?url'
import EventScreen from '~/routes/_public.agenda.$slug'
import DocumentScreen from '~/routes/_public.dokumen.$slug'
import PageScreen from '~/routes/_public.pages.$slug'
import DevelopmentScreen from '~/routes/_public.pembangunan.$slug'
import PostScreen from '~/routes/_public.posts.$slug'
import ProductScreen from '~/routes/_public.products.$slug'

/**
 * /pratinjau/{token}: a preview link's item shown by its own public detail screen (which reads this route's data,
 * shaped as its own loader's), under the `Pratinjau` banner. No cache key: never shared (app/doors/preview.server.ts).
 */
export const loader = previewLoader

export const headers = previewHeaders

// Its own boundary (the not-found screen inside the public layout), so that a 404 keeps `no-store` (previewHeaders).
export function ErrorBoundary() {
  return <ErrorScreen />
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

const SCREENS: Record<PreviewScreen, () => JSX.Element> = {
  posts: PostScreen,
  pages: PageScreen,
  products: ProductScreen,
  developments: DevelopmentScreen,
  events: EventScreen,
  documents: DocumentScreen,
}

const titleOf = (data: Record<string, unknown>) =>
  Object.values(data)
    .map((value) => (value && typeof value === 'object' ? (value as { title?: unknown }).title : undefined))
    .find((title): title is string => typeof title === 'string') ?? ''

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data) => ({
    title: `Pratinjau: ${titleOf(data as Record<string, unknown>)}`,
    description: 'Pratinjau sebelum terbit.',
    noindex: true,
  }))

export default function PreviewLinkScreen() {
  const { resource } = useLoaderData<typeof loader>()
  const Screen = SCREENS[resource]
  return (
    <>
      <div role="status" className="mx-auto mt-6 max-w-3xl px-4">
        <p className="rounded-xl border border-amber-300 bg-amber-100 px-4 py-3 text-sm text-amber-950">
          <span className="mr-2 rounded-full bg-amber-900 px-3 py-0.5 font-semibold uppercase tracking-wide text-white">
            Pratinjau
          </span>
          Tampilan ini belum tentu sudah terbit. Jangan sebarkan tautan ini.
        </p>
      </div>
      <Screen />
    </>
  )
}
