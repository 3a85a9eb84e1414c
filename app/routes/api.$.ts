import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApi, HttpError } from '~/utils/http.server'

/** Any other `/api/*` path: a JSON 404, never the site's HTML. */
const notFound = ({ request }: LoaderFunctionArgs | ActionFunctionArgs) =>
  handleApi(request, async () => {
    throw new HttpError(404, 'Not found')
  })

export const loader = notFound
export const action = notFound
