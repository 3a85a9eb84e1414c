import type { LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { ReportInboxScreen } from '~/components/citizen-services/report-inbox'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { inboxLoader } from '~/doors/citizen-services/report-desk.server'

/** /admin/reports: Laporan Warga, the inbox of citizens' reports (filters by status and kind). */
export const meta = titled('Laporan Warga')

export const loader = (args: LoaderFunctionArgs) => inboxLoader(args)

export const ErrorBoundary = ListErrorBoundary

export default ReportInboxScreen
