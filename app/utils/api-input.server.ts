import { IMAGE_MAX_MB } from '~/lib/upload-limits'
import { readJsonObject } from './http.server'
import { readMultipart } from './upload-pipeline.server'

/**
 * Runs `work` with the request's fields: a JSON object, or (for multipart resources) the form's fields
 * with the uploaded file under `fileField` (`image`, the settings' `logo`). The temporary upload is removed
 * afterwards whatever happens.
 */
export async function withWriteInput<T>(
  request: Request,
  kind: 'json' | 'multipart',
  work: (input: Record<string, unknown>) => Promise<T>,
  fileField = 'image',
  /** The file's size limit in MB (a document's PDF: 20). */
  maxMb = IMAGE_MAX_MB,
): Promise<T> {
  const type = request.headers.get('content-type') ?? ''
  if (kind === 'json' || !type.toLowerCase().startsWith('multipart/form-data')) {
    // Multipart resources also take JSON from clients that send no file.
    return work(
      await readJsonObject(
        request,
        kind === 'multipart' ? 'multipart/form-data (or application/json without a file)' : undefined,
      ),
    )
  }
  const body = await readMultipart(request, fileField, maxMb)
  try {
    return await work({ ...body.fields, [fileField]: body.file ?? undefined })
  } finally {
    await body.cleanup()
  }
}
