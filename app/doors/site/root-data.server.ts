import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { getToast } from 'remix-toast'
import { siteIdentity } from '~/models/site/site-identity.server'

/**
 * The root route's data, under every screen: the village as screens show it (app/lib/site.ts, read through
 * `useSite`, app/components/site/use-site.ts) and the toast a redirect left, shown once.
 */
export async function rootLoader({ request }: LoaderFunctionArgs) {
  const [site, { toast, headers }] = await Promise.all([siteIdentity(request), getToast(request)])
  return data(
    { site, toast: toast ?? null },
    // Without a toast there is nothing to clear: no cookie, so public pages stay shareable (server/response-cache.mjs).
    { headers: toast ? headers : undefined },
  )
}
