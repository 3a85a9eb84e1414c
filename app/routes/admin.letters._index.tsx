import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { LetterRegisterScreen } from '~/components/citizen-services/letter-desk-screens'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { registerLoader, registerAction } from '~/doors/citizen-services/letter-desk.server'

/** /admin/letters: the register of outgoing letters per year (print view, CSV, revocation). */
export const meta = titled('Surat Keluar')

export const loader = (args: LoaderFunctionArgs) => registerLoader(args)

export const action = (args: ActionFunctionArgs) => registerAction(args)

export const ErrorBoundary = ListErrorBoundary

export default LetterRegisterScreen
