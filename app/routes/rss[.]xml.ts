import { rssOrPortalLoader } from '~/doors/regency/regency-portal.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /rss.xml: the village's feed; at the regency host (REGENCY_HOST), the portal's news of every village. */
export const loader = rssOrPortalLoader

export const handle = { cacheKey: noQuery, regency: true }
