import { sitemapLoader } from '~/doors/site/site-files.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /sitemap.xml */
export const loader = sitemapLoader

export const handle = { cacheKey: noQuery }
