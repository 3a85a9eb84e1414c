import { noQuery } from '~/lib/cache-keys'

export { statisticCsvLoader as loader } from '~/doors/village-info/statistics.server'

export const handle = { cacheKey: noQuery }
