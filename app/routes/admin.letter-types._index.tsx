import type { LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/admin/meta'
import { LetterTypeListScreen } from '~/components/citizen-services/letter-desk'
import { ListErrorBoundary } from '~/components/admin/resource-list'
import { typeListLoader } from '~/doors/citizen-services/letter-desk.server'

/** /admin/letter-types: the letter types. */
export const meta = titled('Jenis Surat')

export const loader = (args: LoaderFunctionArgs) => typeListLoader(args)

export const ErrorBoundary = ListErrorBoundary

export default LetterTypeListScreen
