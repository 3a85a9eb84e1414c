import { catalogLoader } from '~/doors/regency/open-data-pages.server'
import { noQuery } from '~/lib/cache-keys'

/** `/data/catalog.json` at the regency host: the open data's catalogue, DCAT-AP as JSON-LD. */
export const loader = catalogLoader

export const handle = { cacheKey: noQuery, regency: true }
