import { robotsLoader } from '~/doors/site/site-files.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /robots.txt */
export const loader = robotsLoader

export const handle = { cacheKey: noQuery, regency: true }
