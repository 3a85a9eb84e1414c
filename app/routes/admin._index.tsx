import { adminIndexLoader } from '~/doors/admin.server'

/** Served at the regency host too (app/lib/regency-routes.ts). */
export const handle = { regency: true }

/** /admin: the dashboard. */
export const loader = adminIndexLoader
