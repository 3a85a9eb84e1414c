import { healthzLoader } from '~/doors/site-files.server'

/** Served at the regency host too (app/lib/regency-routes.ts). */
export const handle = { regency: true }

/** GET /healthz */
export const loader = healthzLoader
