import { dipCsvLoader } from '~/doors/village-info/ppid-pages.server'
import { onlyQuery } from '~/lib/cache-keys'

/** /ppid/daftar-informasi.csv?year: the Daftar Informasi Publik as CSV (`/ppid/daftar-informasi?format=csv` leads here). */
export const loader = dipCsvLoader

export const handle = { cacheKey: onlyQuery('year') }
