import { manifestLoader } from '~/doors/site/site-files.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /manifest.webmanifest */
export const loader = manifestLoader

export const handle = { cacheKey: noQuery, regency: true }
