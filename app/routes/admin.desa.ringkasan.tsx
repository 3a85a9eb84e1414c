import { screen } from '~/components/shared/route-screen'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { RegencySummaryScreen } from '~/components/regency/regency-summary'
import { summaryLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/ringkasan (the regency's console): the villages' figures, per kecamatan and in total. */
export const meta = titled('Ringkasan')
export const loader = summaryLoader
export const ErrorBoundary = ListErrorBoundary
export default screen<typeof loader>(RegencySummaryScreen)
