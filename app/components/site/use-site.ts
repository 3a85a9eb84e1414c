import { useRouteLoaderData } from '@remix-run/react'
import { FALLBACK_SITE, type Site } from '~/lib/site'

/** The village as every screen shows it: the root route's `site` (app/doors/site/root-data.server.ts `rootLoader`). */
export function useSite(): Site {
  return useRouteLoaderData<{ site: Site }>('root')?.site ?? FALLBACK_SITE
}
