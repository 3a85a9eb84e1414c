import { adminIndexLoader } from '~/doors/admin.server'

export const handle = { regency: true }

/** /admin: the dashboard. */
export const loader = adminIndexLoader
