import { regencyNewsApi } from '~/doors/regency-api.server'
import { methodNotAllowed } from '~/doors/admin-api.server'

export const handle = { regency: true }

/** GET /api/regency/public/posts: the news of every active village together, at the regency host. */
export const loader = regencyNewsApi
export const action = methodNotAllowed
