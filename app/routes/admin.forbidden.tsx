import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/auth/session.server'
import { ForbiddenScreen } from '~/components/admin/forbidden'
import { titled } from '~/components/admin/meta'

export const meta = titled('403 Forbidden')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return null
}

export default ForbiddenScreen
