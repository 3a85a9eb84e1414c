import { unknownApiPath } from '~/doors/site/admin-api.server'
import { regencyUnder } from '~/lib/regency-routes'

export const handle = { regency: regencyUnder('regency', 'admin/me') }

/** Any other `/api/*` path: a JSON 404, never the site's HTML. */
export const loader = unknownApiPath
export const action = unknownApiPath
