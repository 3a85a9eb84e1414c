import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/site/meta'
import { VillageCreateScreen } from '~/components/regency/village-forms'
import { villageCreateAction, villageCreateLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/create (the regency's console): a new village, and its admin's reset link to hand over. */
export const meta = titled('Tambah Desa')
export const loader = villageCreateLoader
export const action = villageCreateAction
export default function CreateVillage() {
  return <VillageCreateScreen {...useLoaderData<typeof loader>()} />
}
