import { budgetCsvLoader } from '~/doors/transparency.server'

/** /apbdes/{year}.csv: the lines of a published year as CSV (docs/api.md "Budget (APBDes)"). */
export const loader = budgetCsvLoader
