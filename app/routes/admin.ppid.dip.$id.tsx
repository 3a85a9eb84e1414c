import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { RecordErrorBoundary } from '~/components/site/resource-list'
import { DipEntryScreen } from '~/components/village-info/ppid-admin-screens'
import { dipEntryAction, dipEntryLoader } from '~/doors/village-info/ppid-admin.server'

/** /admin/ppid/dip/{id} (and /baru): a manual entry of the Daftar Informasi Publik. */
export const meta = titled('Daftar Informasi Publik')

export const loader = (args: LoaderFunctionArgs) => dipEntryLoader(args)

export const action = (args: ActionFunctionArgs) => dipEntryAction(args)

export const ErrorBoundary = RecordErrorBoundary

export default DipEntryScreen
