import type { LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, methodNotAllowed } from '~/utils/http.server'
import { publicApiSuccess } from '~/public-reads/read-memo.server'
import { getPublicSettings } from '~/models/settings.server'

/** GET /api/public/settings: the village's name, tagline, logo and contacts (no authentication). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => publicApiSuccess(request, 'Site Settings', await getPublicSettings()))

export const action = methodNotAllowed
