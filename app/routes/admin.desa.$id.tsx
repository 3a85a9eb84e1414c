import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/site/meta'
import { RecordErrorBoundary } from '~/components/site/resource-list'
import { VillageEditScreen } from '~/components/regency/village-forms'
import { villageEditAction, villageEditLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/{id} (the regency's console): a village's name, domains and status. */
export const meta = titled('Edit Desa')
export const loader = villageEditLoader
export const action = villageEditAction
export const ErrorBoundary = RecordErrorBoundary
export default function EditVillage() {
  return <VillageEditScreen {...useLoaderData<typeof loader>()} />
}
