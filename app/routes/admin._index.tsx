import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUser } from '~/auth/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return redirect('/admin/dashboard')
}
