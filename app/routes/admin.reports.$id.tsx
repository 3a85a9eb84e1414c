import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { ReportScreen } from '~/components/citizen-services/report-inbox'
import { RecordErrorBoundary } from '~/components/site/resource-list'
import { reportAction, reportLoader } from '~/doors/citizen-services/report-desk.server'

/** /admin/reports/{id}: one report, its citizen's contact, status, public switch and responses. */
export const meta = titled('Laporan Warga')

export const loader = (args: LoaderFunctionArgs) => reportLoader(args)

export const action = (args: ActionFunctionArgs) => reportAction(args)

export const ErrorBoundary = RecordErrorBoundary

export default ReportScreen
