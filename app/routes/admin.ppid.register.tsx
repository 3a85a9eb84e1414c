import type { LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary } from '~/components/site/resource-list'
import { RegisterScreen } from '~/components/village-info/ppid-admin-screens'
import { registerScreenLoader } from '~/doors/village-info/ppid-admin.server'

/** /admin/ppid/register?year&type (`&cetak=1`: to print): the registers of requests and objections. */
export const meta = titled('Register PPID')

export const loader = (args: LoaderFunctionArgs) => registerScreenLoader(args)

export const ErrorBoundary = ListErrorBoundary

export default RegisterScreen
