import { villageExportLoader } from '~/doors/regency/regency-console.server'

export const handle = { regency: true }

/** /admin/desa/{id}/export (the regency's console): the village's archive, in the format of `npm run backup`. */
export const loader = villageExportLoader
