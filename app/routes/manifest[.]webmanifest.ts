import { manifestLoader } from '~/doors/site-files.server'

/** GET /manifest.webmanifest */
export const loader = manifestLoader
