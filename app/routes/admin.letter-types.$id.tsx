import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { LetterTypeScreen } from '~/components/citizen-services/letter-desk-screens'
import { RecordErrorBoundary } from '~/components/site/resource-list'
import { typeLoader, typeAction } from '~/doors/citizen-services/letter-desk.server'

/** /admin/letter-types/{id} (and /baru): the type editor. */
export const meta = titled('Jenis Surat')

export const loader = (args: LoaderFunctionArgs) => typeLoader(args)

export const action = (args: ActionFunctionArgs) => typeAction(args)

export const ErrorBoundary = RecordErrorBoundary

export default LetterTypeScreen
