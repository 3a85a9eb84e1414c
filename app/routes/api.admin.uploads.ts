import { contentUploadApi, methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, post, created, multipart } from '~/openapi/declare.server'
import { imageFile, z } from '~/openapi/operations.server'
import { CONTENT_UPLOAD_PERMISSIONS } from '~/resources/permissions'

/** POST /api/admin/uploads: an image for rich text. */
export const action = declare(contentUploadApi, {
  ...post('Upload an image for rich text', CONTENT_UPLOAD_PERMISSIONS, multipart(z.object({ image: imageFile() }))),
  ...created(
    z
      .object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() })
      .openapi('EditorUpload'),
    '',
  ),
  description:
    'The same checks, re-encoding and width copies as every upload. Saved rich text never holds `data:` images or ' +
    'images from other sites.',
})
export const loader = methodNotAllowed
