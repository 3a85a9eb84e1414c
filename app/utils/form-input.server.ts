import { data } from '@remix-run/node'
import { HttpError, readBodyText } from './http.server'
import { readMultipart } from './upload-pipeline.server'
import { IMAGE_MAX_MB } from '~/lib/upload-limits'

/**
 * The admin screens' side of the routes: form data becomes the same plain input object the JSON API
 * hands to the models, so both doors share one validation and one set of error keys.
 */

/** `listFields` are read as id lists by the models: repeated checkboxes always become an array. */
function fieldsToInput(entries: Iterable<[string, string]>, listFields: readonly string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const [name, value] of entries) {
    if (listFields.includes(name)) {
      input[name] = [...((input[name] as string[] | undefined) ?? []), value]
    } else {
      input[name] = value
    }
  }
  return input
}

function multipartEntries(fields: Record<string, string | string[]>): [string, string][] {
  return Object.entries(fields).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((item) => [name, item] as [string, string]) : [[name, value] as [string, string]],
  )
}

/** Rich text may reach 1 MB, which percent-encoding can triple. */
const MAX_FORM_BYTES = 4 * 1024 * 1024

/** An urlencoded form, refused with 413 (an HttpError) past the limit without buffering more of it. */
export const readFormFields = async (request: Request, limit = MAX_FORM_BYTES) =>
  new URLSearchParams(await readBodyText(request, limit))

/** The named fields of a form as text (`''` for one not sent), in the order named. */
export const formTexts = <Name extends string>(form: URLSearchParams, names: readonly Name[]) =>
  Object.fromEntries(names.map((name) => [name, form.get(name) ?? ''])) as Record<Name, string>

/**
 * The fields of an urlencoded form, or null when the body is over `limit` bytes: a page's action answers that itself
 * (a thrown HttpError would be a 500 there).
 */
export async function readSmallForm(request: Request, limit = MAX_FORM_BYTES): Promise<URLSearchParams | null> {
  try {
    return await readFormFields(request, limit)
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) return null
    throw error
  }
}

/** What the login, "Lupa password?" and reset forms show over a body that is too large. */
export const FORM_TOO_LARGE = 'Isian terlalu panjang.'

/**
 * The form of an action that reads it before anything it could refuse with a field error (Akun Saya): over the
 * limit, the screen's own 413 page.
 */
export async function readUrlEncoded(request: Request): Promise<URLSearchParams> {
  const form = await readSmallForm(request)
  if (!form) throw data(null, { status: 413, statusText: 'Payload Too Large' })
  return form
}

/**
 * Runs `work` with the submitted form as model input: urlencoded fields, or a multipart body whose
 * `image` file arrives as a StagedFile (its temporary copy is removed afterwards, whatever happens).
 * (Checkbox lists left all unchecked are absent, which the models read as empty lists.)
 */
export async function withFormInput<T>(
  request: Request,
  work: (input: Record<string, unknown>) => Promise<T>,
  listFields: readonly string[] = [],
  /** The form's file input: `image`, the settings' `logo`, a document's `file`. */
  fileField = 'image',
  /** The file's size limit in MB (a document's PDF: 20). */
  maxMb = IMAGE_MAX_MB,
): Promise<T> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) {
    return work(fieldsToInput((await readFormFields(request)).entries(), listFields))
  }
  const body = await readMultipart(request, fileField, maxMb)
  try {
    return await work({
      ...fieldsToInput(multipartEntries(body.fields), listFields),
      [fileField]: body.file ?? undefined,
    })
  } finally {
    await body.cleanup()
  }
}
