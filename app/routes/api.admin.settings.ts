import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { withWriteInput } from '~/utils/api-input.server'
import { apiSuccess, handleApi, HttpError } from '~/utils/http.server'
import { asLogoError, getSettings, updateSettings } from '~/models/settings.server'

/** GET /api/admin/settings (settings-edit) */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    await requirePermission(request, 'settings-edit')
    return apiSuccess('Site Settings', await getSettings())
  })

/**
 * PUT /api/admin/settings: multipart (the fields, `logo` an optional image, `remove_logo=1`) or JSON without a file.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'PUT') throw new HttpError(405, 'Method Not Allowed')
    const user = await requirePermission(request, 'settings-edit')
    const actor = actorOf(request, user)
    const settings = await withWriteInput(request, 'multipart', (input) => updateSettings(input, actor), 'logo').catch(
      (error) => {
        throw asLogoError(error)
      },
    )
    return apiSuccess('Site settings updated successfully', settings)
  })
