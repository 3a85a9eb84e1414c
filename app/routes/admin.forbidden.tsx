import { ForbiddenScreen } from '~/components/admin/forbidden'
import { titled } from '~/components/admin/meta'
import { forbiddenLoader } from '~/doors/admin.server'

export const handle = { regency: true }

export const meta = titled('403 Forbidden')

export const loader = forbiddenLoader

export default ForbiddenScreen
