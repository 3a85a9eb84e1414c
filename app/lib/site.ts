import { isRouteErrorResponse, type MetaArgs } from '@remix-run/react'

/**
 * The village as every screen, feed and tag shows it: Pengaturan Situs (the database) and the public address. The
 * server reads it once per request (siteIdentity in app/models/site/site-identity.server.ts); the root loader hands it to
 * every route.
 */
export type Site = {
  name: string
  /** The public address without a trailing slash, for canonical links, sitemap and feeds. */
  url: string
  address: string
  phone: string
  email: string
  tagline: string
  /** The stored file name of the village's logo (`/uploads/settings/...`), or null for none. */
  logo: string | null
  /** The logo's alt text (Pengaturan Situs); empty: decorative, the name follows it. */
  logoAlt: string
  whatsapp: string
  facebook: string
  instagram: string
  youtube: string
  mapUrl: string
}

/** Only before the root loader's data exists (a screen that failed before it): never shown in practice. */
export const FALLBACK_SITE: Site = {
  name: 'Balai Desa',
  url: '',
  address: '',
  phone: '',
  email: '',
  tagline: '',
  logo: null,
  logoAlt: '',
  whatsapp: '',
  facebook: '',
  instagram: '',
  youtube: '',
  mapUrl: '',
}

/** The root loader's site, as a route's `meta` sees it. */
export function siteFromMatches(matches: MetaArgs['matches']): Site {
  const site = (matches.find((match) => match.id === 'root')?.data as { site?: Partial<Site> } | undefined)?.site
  return { ...FALLBACK_SITE, ...site }
}

/** `{screen} - {site name}`: every screen's title ends with the village's name. */
export const screenTitle = (matches: MetaArgs['matches'], screen: string) =>
  `${screen} - ${siteFromMatches(matches).name}`

/** The name of the screen shown for a route error: not found, a malformed address, or any other failure. */
export function errorTitle(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  return status === 404
    ? 'Halaman Tidak Ditemukan'
    : status === 400
      ? 'Alamat Tidak Valid'
      : status === 413
        ? 'Isian Terlalu Besar'
        : 'Terjadi Kesalahan'
}
