import { healthzLoader } from '~/doors/site/site-files.server'

export const handle = { regency: true }

/** GET /healthz */
export const loader = healthzLoader
