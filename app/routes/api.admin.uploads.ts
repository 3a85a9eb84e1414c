import type { ActionFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import { requirePermission } from '~/auth/session.server'
import { apiSuccess, handleApi, HttpError, methodNotAllowed, validationError } from '~/utils/http.server'
import { readMultipart } from '~/utils/upload-pipeline.server'
import { uploadContentImage } from '~/models/content-images.server'
import { CONTENT_UPLOAD_PERMISSIONS } from '~/resources/permissions'

/**
 * POST /api/admin/uploads (multipart `image`): an image for rich text (Quill's image button, paste, drop), through the
 * same checks, re-encoding and width copies as every upload -> 201 `{url, width, height}`. Unless some content holds it
 * within 24 hours it is removed again (models/content-images.server.ts).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    const user = await requirePermission(request, CONTENT_UPLOAD_PERMISSIONS)
    if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
      throw new HttpError(415, 'Unsupported Media Type: send the image as multipart/form-data')
    }
    const body = await readMultipart(request)
    try {
      if (!body.file) throw validationError({ Image: 'Image is required' })
      return apiSuccess('Image uploaded successfully', await uploadContentImage(body.file, actorOf(request, user)), 201)
    } finally {
      await body.cleanup()
    }
  })

export const loader = methodNotAllowed
