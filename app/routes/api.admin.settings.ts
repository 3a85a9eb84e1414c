import { settingsApi, settingsUpdateApi } from '~/doors/site/admin-api.server'
import { AdminSettings, SettingsInput, SettingsJsonInput, declare } from '~/openapi/operations.server'

/** GET and PUT /api/admin/settings (Pengaturan Situs). */
export const loader = declare(settingsApi, {
  method: 'get',
  tag: 'Site settings',
  summary: "The site's settings, to edit",
  permissions: ['settings-edit'],
  data: AdminSettings,
})
export const action = declare(settingsUpdateApi, {
  method: 'put',
  tag: 'Site settings',
  summary: "Change the site's settings",
  description:
    'The `SITE_*` variables only fill an empty database; afterwards these values win everywhere the site ' +
    'shows them.',
  permissions: ['settings-edit'],
  body: { multipart: SettingsInput, json: SettingsJsonInput },
  data: AdminSettings,
})
