import { isRouteErrorResponse, type MetaArgs } from '@remix-run/react'

type RootMatchData = { site?: { name?: string } } | undefined

/** The village name from the root loader, as seen by a route's `meta`. */
export function siteNameFrom(matches: MetaArgs['matches']): string {
  const root = matches.find((match) => match.id === 'root')?.data as RootMatchData
  return root?.site?.name ?? 'Balai Desa'
}

/** `{Screen} - {SITE_NAME}`: every public page title. */
export function screenTitle(matches: MetaArgs['matches'], screen: string) {
  return [{ title: `${screen} - ${siteNameFrom(matches)}` }]
}

/**
 * A route's title: its screen name when it has data, the error screen's name when it failed
 * (a route's `meta` also runs for its error boundary, without data).
 */
export function routeTitle<Data>(
  args: { data: Data | undefined; matches: MetaArgs['matches']; error?: unknown },
  screen: (data: Data) => string,
) {
  if (args.error || args.data === undefined || args.data === null) {
    return screenTitle(args.matches, isRouteErrorResponse(args.error) && args.error.status === 404 ? 'Halaman Tidak Ditemukan' : 'Terjadi Kesalahan')
  }
  return screenTitle(args.matches, screen(args.data))
}
