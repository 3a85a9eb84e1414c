import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { VillageListScreen } from '~/components/regency/village-list'
import { villagesAction, villagesLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa (the regency's console, REGENCY_HOST): the villages with their figures; suspend, resume, delete. */
export const meta = titled('Desa')
export const loader = villagesLoader
export const action = villagesAction
export const ErrorBoundary = ListErrorBoundary
export default function Villages() {
  return <VillageListScreen {...useLoaderData<typeof loader>()} />
}
