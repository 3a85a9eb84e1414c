import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { RecordErrorBoundary } from '~/components/admin/resource-list'
import { VillageEditScreen } from '~/components/admin/village-forms'
import { villageEditAction, villageEditLoader } from '~/doors/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/{id} (the regency's console): a village's name, domains and status. */
export const meta = titled('Edit Desa')
export const loader = villageEditLoader
export const action = villageEditAction
export const ErrorBoundary = RecordErrorBoundary
export default function EditVillage() {
  return <VillageEditScreen {...useLoaderData<typeof loader>()} />
}
