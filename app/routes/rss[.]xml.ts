import { rssLoader } from '~/doors/site-files.server'

/** GET /rss.xml */
export const loader = rssLoader
