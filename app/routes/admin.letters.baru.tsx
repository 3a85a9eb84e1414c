import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { WalkInScreen } from '~/components/citizen-services/letter-desk-screens'
import { RecordErrorBoundary } from '~/components/site/resource-list'
import { walkInLoader, walkInAction } from '~/doors/citizen-services/letter-desk.server'

/** /admin/letters/baru: a walk-in villager's letter, issued at once. */
export const meta = titled('Terbitkan Surat Langsung')

export const loader = (args: LoaderFunctionArgs) => walkInLoader(args)

export const action = (args: ActionFunctionArgs) => walkInAction(args)

export const ErrorBoundary = RecordErrorBoundary

export default WalkInScreen
