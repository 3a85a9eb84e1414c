import { handleApi } from '~/utils/http.server'
import { referenceOf, type OpenApiDocument } from '~/lib/api-reference'
import { openApiDocument, openApiDocumentText, type RouteModules } from '~/openapi/api-document.server'

export { methodNotAllowed } from '~/utils/http.server'

/**
 * The API's own description: `/api/openapi.json` (OpenAPI 3.1) and its readable reference `/api/docs`, made from the
 * API route modules that the route gives (its `import.meta.glob` of app/routes/api.*: the route manifest of /api).
 */

/** GET /api/openapi.json: the OpenAPI 3.1 document of the REST API (also committed as docs/openapi.json). */
export const openApiLoader =
  (routes: () => RouteModules) =>
  ({ request }: { request: Request }) =>
    handleApi(request, async () => {
      return new Response(openApiDocumentText(routes()), {
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
      })
    })

/** GET /api/docs: the readable reference of /api/openapi.json, rendered here (no script or style from elsewhere). */
export const apiDocsLoader = (routes: () => RouteModules) => () =>
  referenceOf(openApiDocument(routes()) as unknown as OpenApiDocument)
