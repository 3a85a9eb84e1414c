import { publicItemApi, publicWriteApi } from '~/doors/public-api.server'
import { noQuery } from '~/lib/cache-keys'

/** GET /api/public/{pages, posts, products}/{slug} and /api/public/aparaturs/{id}: one item or 404. */
export const loader = publicItemApi
export const action = publicWriteApi('item')

export const handle = { cacheKey: noQuery }
