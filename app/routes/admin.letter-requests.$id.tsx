import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { LetterRequestScreen } from '~/components/citizen-services/letter-desk-screens'
import { RecordErrorBoundary } from '~/components/site/resource-list'
import { requestLoader, requestAction } from '~/doors/citizen-services/letter-desk.server'

/** /admin/letter-requests/{id}: a request's data and attachments; Terbitkan Surat, Minta Perbaikan, Tolak. */
export const meta = titled('Permohonan Surat')

export const loader = (args: LoaderFunctionArgs) => requestLoader(args)

export const action = (args: ActionFunctionArgs) => requestAction(args)

export const ErrorBoundary = RecordErrorBoundary

export default LetterRequestScreen
