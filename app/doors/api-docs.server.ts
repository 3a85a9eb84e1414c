import { handleApi } from '~/utils/http.server'
import { referenceOf, type OpenApiDocument } from '~/lib/api-reference'
import { openApiDocument, openApiDocumentText } from '~/openapi/api-document.server'

export { methodNotAllowed } from '~/utils/http.server'

/** The API's own description: `/api/openapi.json` (OpenAPI 3.1) and its readable reference `/api/docs`. */

/** GET /api/openapi.json: the OpenAPI 3.1 document of the REST API (also committed as docs/openapi.json). */
export const openApiLoader = ({ request }: { request: Request }) =>
  handleApi(request, async () => {
    return new Response(openApiDocumentText(), {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    })
  })

/** GET /api/docs: the readable reference of /api/openapi.json, rendered here (no script or style from elsewhere). */
export const apiDocsLoader = () => referenceOf(openApiDocument() as unknown as OpenApiDocument)
