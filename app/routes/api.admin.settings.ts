import { settingsApi, settingsUpdateApi } from '~/doors/site/admin-api.server'
import { declare, get, put, ok, jsonOrMultipart } from '~/openapi/declare.server'
import { AdminSettings, SettingsInput, SettingsJsonInput } from '~/openapi/operations.server'

/** GET and PUT /api/admin/settings (Pengaturan Situs). */
export const loader = declare(settingsApi, {
  ...get("The site's settings, to edit", 'settings-edit'),
  ...ok(AdminSettings),
})
export const action = declare(settingsUpdateApi, {
  ...put("Change the site's settings", 'settings-edit', jsonOrMultipart(SettingsJsonInput, SettingsInput)),
  ...ok(AdminSettings),
  description:
    'The `SITE_*` variables only fill an empty database; afterwards these values win everywhere the site shows them.',
})
