import { unknownPathLoader } from '~/doors/content/public-pages.server'
import { regencyUnder } from '~/lib/regency-routes'

export const handle = { regency: regencyUnder('admin/desa', 'admin/announcements') }

/**
 * Any other path: the home page, or a 404 under /api, /admin, /uploads and /assets, or the 400 screen for an address
 * that is not valid percent-encoding.
 */
export const loader = unknownPathLoader

// Never rendered: the loader always redirects or fails (the root error boundary shows the 404).
export default function UnknownPath() {
  return null
}
