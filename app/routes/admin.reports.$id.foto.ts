import type { LoaderFunctionArgs } from '@remix-run/node'
import { reportPhotoLoader } from '~/doors/citizen-services/report-desk.server'

/** /admin/reports/{id}/foto: a report's photo, for staff with reports-show only (stored privately). */
export const loader = (args: LoaderFunctionArgs) => reportPhotoLoader(args)
