import { methodNotAllowed, publicSettingsApi } from '~/doors/public-api.server'

/** GET /api/public/settings: the village's name, tagline, logo and contacts. */
export const loader = publicSettingsApi
export const action = methodNotAllowed
