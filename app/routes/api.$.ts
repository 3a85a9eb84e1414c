import { unknownApiPath } from '~/doors/admin-api.server'

/** Any other `/api/*` path: a JSON 404, never the site's HTML. */
export const loader = unknownApiPath
export const action = unknownApiPath
