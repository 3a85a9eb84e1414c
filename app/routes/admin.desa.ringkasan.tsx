import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary } from '~/components/admin/resource-list'
import { RegencySummaryScreen } from '~/components/regency/regency-summary'
import { summaryLoader } from '~/doors/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/ringkasan (the regency's console): the villages' figures, per kecamatan and in total. */
export const meta = titled('Ringkasan')
export const loader = summaryLoader
export const ErrorBoundary = ListErrorBoundary
export default function Summary() {
  return <RegencySummaryScreen {...useLoaderData<typeof loader>()} />
}
