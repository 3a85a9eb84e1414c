import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { previewHeaders, previewLoader, type DetailLoader } from '~/doors/content/preview.server'
import { routeSeo } from '~/lib/seo'
import { ErrorScreen } from '~/components/site/error-screen'
import styles from '~/styles/transparansi.css?url'

/**
 * /pratinjau/{token}: a preview link's item shown by the public detail screen its resource declares (`detailRoute`),
 * which reads this route's data, given by its own loader, under the `Pratinjau` banner. No cache key: never shared
 * (app/doors/content/preview.server.ts).
 */

/** The public detail screens, by route name (`_public.posts.$slug`); in the browser, their components alone. */
const DETAIL_SCREENS = import.meta.glob<{ default: () => JSX.Element; loader?: DetailLoader }>(
  './_public.*.$slug.tsx',
  { eager: true },
)
const screenOf = (route: string) => DETAIL_SCREENS[`./${route}.tsx`]

export const loader = (args: LoaderFunctionArgs) => previewLoader(args, (route) => screenOf(route)?.loader)

export const headers = previewHeaders

// Its own boundary (the not-found screen inside the public layout), so that a 404 keeps `no-store` (previewHeaders).
export function ErrorBoundary() {
  return <ErrorScreen />
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

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
  const { screen } = useLoaderData<typeof loader>()
  const Screen = screenOf(screen)!.default
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
