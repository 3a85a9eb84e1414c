import type { LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { LetterTypeListScreen } from '~/components/citizen-services/letter-desk-screens'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { typeListLoader } from '~/doors/citizen-services/letter-desk.server'

/** /admin/letter-types: the letter types. */
export const meta = titled('Jenis Surat')

export const loader = (args: LoaderFunctionArgs) => typeListLoader(args)

export const ErrorBoundary = ListErrorBoundary

export default LetterTypeListScreen
