import { regencyDatasetLoader } from '~/doors/regency/open-data-pages.server'
import { noQuery } from '~/lib/cache-keys'

/** `/data/kabupaten/{slug}.csv|json` at the regency host: a dataset summed per village and per kecamatan. */
export const loader = regencyDatasetLoader

export const handle = { cacheKey: noQuery, regency: true }
