import type { Site } from '~/lib/site'
import { getEnv } from '~/utils/config.server'
import { getSettings } from './settings.server'

/** The site's public address: SITE_URL when set, otherwise the origin the request came to (no trailing slash). */
export const siteUrl = (request: Request) =>
  // With REGENCY_HOST each village is reached at its own hosts: SITE_URL names none of them (docs/api.md).
  (getEnv().REGENCY_HOST ? '' : getEnv().SITE_URL.replace(/\/+$/, '')) || new URL(request.url).origin

/**
 * The site's identity for this request: the village's name, tagline, logo and contact details as Pengaturan Situs
 * holds them (the database; the SITE_* variables only fill an empty one, see settings.server.ts), and its public
 * address. The root loader, the feeds, the sitemap, robots.txt and the manifest all read it here.
 */
export async function siteIdentity(request: Request): Promise<Site> {
  const settings = await getSettings()
  return {
    name: settings.site_name,
    url: siteUrl(request),
    address: settings.address,
    phone: settings.phone,
    email: settings.email,
    tagline: settings.tagline,
    logo: settings.logo,
    logoAlt: settings.logo_alt,
    whatsapp: settings.whatsapp,
    facebook: settings.facebook,
    instagram: settings.instagram,
    youtube: settings.youtube,
    mapUrl: settings.map_url,
  }
}
