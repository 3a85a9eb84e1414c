import type { Site } from '~/lib/site'
import { getEnv } from '~/server/env.server'

/**
 * The site's identity for this request: the village's name and contact details (SITE_*), and its public
 * address: SITE_URL when set, otherwise the origin the request came to. The root loader, the feeds, the
 * sitemap, robots.txt and the manifest all read it here.
 */
export async function siteIdentity(request: Request): Promise<Site> {
  const env = getEnv()
  return {
    name: env.SITE_NAME,
    url: env.SITE_URL.replace(/\/+$/, '') || new URL(request.url).origin,
    address: env.SITE_ADDRESS,
    phone: env.SITE_PHONE,
    email: env.SITE_EMAIL,
  }
}
