import { adminIndexLoader } from '~/doors/site/admin.server'

export const handle = { regency: true }

/** /admin: the dashboard. */
export const loader = adminIndexLoader
