import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { openApiDocumentText } from '~/openapi/api-document.server'
import { handleApi, HttpError } from '~/utils/http.server'

/** GET /api/openapi.json: the OpenAPI 3.1 document of the REST API (also committed as docs/openapi.json). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    return new Response(openApiDocumentText(), {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    })
  })

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    throw new HttpError(405, 'Method Not Allowed')
  })
