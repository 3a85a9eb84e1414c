import type { LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { DipEntryListScreen } from '~/components/village-info/ppid-admin-screens'
import { dipListLoader } from '~/doors/village-info/ppid-admin.server'

/** /admin/ppid/dip: the Daftar Informasi Publik's manual entries. */
export const meta = titled('Daftar Informasi Publik')

export const loader = (args: LoaderFunctionArgs) => dipListLoader(args)

export const ErrorBoundary = ListErrorBoundary

export default DipEntryListScreen
