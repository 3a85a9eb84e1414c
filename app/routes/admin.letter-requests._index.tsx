import type { LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { LetterQueueScreen } from '~/components/citizen-services/letter-desk-screens'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { requestQueueLoader } from '~/doors/citizen-services/letter-desk.server'

/** /admin/letter-requests: the queue of letter requests, by status and type, the overdue marked. */
export const meta = titled('Permohonan Surat')

export const loader = (args: LoaderFunctionArgs) => requestQueueLoader(args)

export const ErrorBoundary = ListErrorBoundary

export default LetterQueueScreen
