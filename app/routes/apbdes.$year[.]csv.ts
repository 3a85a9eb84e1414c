import { budgetCsvLoader } from '~/doors/village-info/transparency.server'
import { noQuery } from '~/lib/cache-keys'

/** /apbdes/{year}.csv: the lines of a published year as CSV (docs/api.md "Budget (APBDes)"). */
export const loader = budgetCsvLoader

export const handle = { cacheKey: noQuery }
