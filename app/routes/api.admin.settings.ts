import { settingsApi, settingsUpdateApi } from '~/doors/admin-api.server'

/** GET and PUT /api/admin/settings (Pengaturan Situs). */
export const loader = settingsApi
export const action = settingsUpdateApi
