import { healthzLoader } from '~/doors/site-files.server'

/** GET /healthz */
export const loader = healthzLoader
