import { rssLoader } from '~/doors/site-files.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /rss.xml */
export const loader = rssLoader

export const handle = { cacheKey: noQuery }
