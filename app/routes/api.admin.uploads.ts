import { contentUploadApi, methodNotAllowed } from '~/doors/site/admin-api.server'
import { declare, imageFile, z } from '~/openapi/operations.server'
import { CONTENT_UPLOAD_PERMISSIONS } from '~/resources/permissions'

/** POST /api/admin/uploads: an image for rich text. */
export const action = declare(contentUploadApi, {
  method: 'post',
  tag: 'Rich text images',
  summary: 'Upload an image for rich text',
  description:
    'The same checks, re-encoding and width copies as every upload. Saved rich text never holds `data:` ' +
    'images or images from other sites.',
  permissions: CONTENT_UPLOAD_PERMISSIONS,
  body: { multipart: z.object({ image: imageFile() }) },
  ok: {
    status: 201,
    data: z
      .object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() })
      .openapi('EditorUpload'),
    message: '',
  },
})
export const loader = methodNotAllowed
