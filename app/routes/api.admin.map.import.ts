import { importApi, methodNotAllowed } from '~/doors/village-info/map-api.server'
import { declare, post, created, multipart } from '~/openapi/declare.server'
import { importResponse, z } from '~/openapi/operations.server'

/** POST /api/admin/map/import: a GeoJSON, KML or GPX file into a layer. */
export const loader = methodNotAllowed

export const action = declare(importApi, {
  ...post(
    'Import map features from a GeoJSON, KML or GPX file',
    'maps-create',
    multipart(
      z.object({
        layer_id: z.string().openapi({ description: 'The layer' }),
        file: z
          .string()
          .openapi({ type: 'string', format: 'binary', description: 'GeoJSON, KML or GPX, 10 MB at most' }),
      }),
    ),
  ),
  ...created(importResponse, 'Map features imported'),
  description:
    'Multipart `layer_id` and `file` (at most 10 MB; told by its content). A feature of another kind than the ' +
    "layer's, with an unclosed or self-crossing ring, a coordinate out of range or more than 50,000 vertices is " +
    "skipped with its reason (`index` from 0 in the file's order); the others are written in one transaction. A file " +
    'of none of those formats (or XML with a DOCTYPE) is a 422 on `File` and imports nothing.',
})
