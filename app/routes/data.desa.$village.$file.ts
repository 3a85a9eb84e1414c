import { villageDatasetLoader } from '~/doors/regency/open-data-pages.server'
import { noQuery } from '~/lib/cache-keys'

/** `/data/desa/{village}/{slug}.csv|json` at the regency host: a village's published dataset. */
export const loader = villageDatasetLoader

export const handle = { cacheKey: noQuery, regency: true }
