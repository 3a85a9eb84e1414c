import { sitemapLoader } from '~/doors/site-files.server'

/** GET /sitemap.xml */
export const loader = sitemapLoader
