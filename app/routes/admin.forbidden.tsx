import { ForbiddenScreen } from '~/components/accounts/forbidden'
import { titled } from '~/components/site/meta'
import { forbiddenLoader } from '~/doors/site/admin.server'

export const handle = { regency: true }

export const meta = titled('403 Forbidden')

export const loader = forbiddenLoader

export default ForbiddenScreen
