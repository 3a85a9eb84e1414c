import { summaryCsvLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/ringkasan.csv (the regency's console): the villages' figures as CSV. */
export const loader = summaryCsvLoader
