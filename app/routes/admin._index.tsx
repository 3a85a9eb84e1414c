import { adminIndexLoader } from '~/doors/admin.server'

/** /admin: the dashboard. */
export const loader = adminIndexLoader
