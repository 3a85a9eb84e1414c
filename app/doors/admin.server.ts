import { data } from '@remix-run/node'
import { jsonWithError, jsonWithSuccess, redirectWithSuccess } from 'remix-toast'
import { requirePermission, type SessionUser } from '~/auth/session.server'
import { ADMIN_PAGE_SIZE, parseListQuery, type ListQuery, type Paginated } from '~/lib/paging'
import { readUrlEncoded, withFormInput } from '~/server/form-input.server'
import { HttpError, notFound, type FieldErrors } from '~/server/http.server'
import { logError } from '~/server/log.server'

/** The admin door: what the back office's loaders and actions share (permission, form input, toasts). */

export type FormResult = { errors: FieldErrors | null }

/** Errors that belong under a field (anything but the generic `Error` key, e.g. a malformed body). */
const hasFieldErrors = (error: HttpError): error is HttpError & { errors: FieldErrors } =>
  !!error.errors && error.status !== 404 && Object.keys(error.errors).some((key) => key !== 'Error')

/**
 * A create or update form's action: on success back to the list with the success toast; a 4xx with
 * field errors is answered with them (shown under the fields); any other refusal (e.g. 409) as an error toast.
 */
export async function submitForm(
  request: Request,
  save: (input: Record<string, unknown>) => Promise<unknown>,
  /** `duration: null` keeps the toaster's default (the spec's role-update toast); otherwise 3000 ms. */
  success: { to: string; message: string; duration?: number | null },
) {
  try {
    await withFormInput(request, save)
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      if (hasFieldErrors(error)) return data<FormResult>({ errors: error.errors }, { status: error.status })
      return jsonWithError<FormResult>({ errors: null }, { message: error.errors?.Error ?? error.message, duration: 3000 }, { status: error.status })
    }
    throw error
  }
  const duration = success.duration === null ? undefined : success.duration ?? 3000
  return redirectWithSuccess(success.to, { message: success.message, duration })
}

/** The route's numeric id, or a 404 response. */
export function routeId(value: string | undefined): number {
  const id = value && /^\d{1,15}$/.test(value) ? Number(value) : NaN
  if (!Number.isSafeInteger(id) || id < 1) throw new Response('Not Found', { status: 404 })
  return id
}

/** Loads one record for an edit form; a missing one is the 404 screen. */
export async function loadRecord<T>(get: () => Promise<T>): Promise<T> {
  try {
    return await get()
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new Response(error.message, { status: 404 })
    throw error
  }
}

export type ListLoad<Row> = { page: Paginated<Row> | null; search: string; failed: boolean }

/**
 * A list screen's loader: the permission, the query of the address, one page of rows. A failure to
 * read is shown in the table ("Failed to Load Data") rather than as an error page. `Row` names the
 * model's row type where the model's list does not carry one.
 */
export async function loadList<Row>(
  request: Request,
  permission: string,
  list: (query: ListQuery, path: string) => Promise<Paginated<unknown>>,
): Promise<ListLoad<Row>> {
  await requirePermission(request, permission)
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
  try {
    return { page: (await list(query, url.pathname)) as Paginated<Row>, search: query.search, failed: false }
  } catch (error) {
    if (error instanceof Response) throw error
    logError('admin-list-error', error, request, 'list failed')
    return { page: null, search: query.search, failed: true }
  }
}

/** The list address after a delete: the same search, back on page 1. */
function firstPage(request: Request, search: string | null) {
  const url = new URL(request.url)
  const params = new URLSearchParams()
  if (typeof search === 'string' && search.trim()) params.set('search', search.trim())
  const query = params.toString()
  return query ? `${url.pathname}?${query}` : url.pathname
}

/**
 * A list screen's delete action (intent=delete, id): `{Thing} deleted successfully!` and the list again
 * from page 1, or `Failed to delete {thing}: {message}` when the model refuses.
 */
export async function deleteFromList(
  request: Request,
  options: { permission: string; thing: string; remove: (id: number, user: SessionUser) => Promise<unknown> },
) {
  const user = await requirePermission(request, options.permission)
  const form = await readUrlEncoded(request)
  const id = Number(form.get('id'))
  const label = options.thing.toLowerCase()
  try {
    if (form.get('intent') !== 'delete' || !Number.isSafeInteger(id) || id < 1) throw notFound(options.thing)
    await options.remove(id, user)
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      return jsonWithError({ deleted: false }, { message: `Failed to delete ${label}: ${error.message}`, duration: 3000 })
    }
    throw error
  }
  return redirectWithSuccess(firstPage(request, form.get('search')), { message: `${options.thing} deleted successfully!`, duration: 3000 })
}

/**
 * The upload form above the photo and slider lists (multipart): `{Thing} uploaded successfully!` and the
 * list refreshed in place (the form clears itself), or the field errors under the form's fields.
 */
export async function uploadFromList(
  request: Request,
  options: { permission: string; create: (input: Record<string, unknown>) => Promise<unknown>; message: string },
) {
  await requirePermission(request, options.permission)
  try {
    await withFormInput(request, options.create)
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      // A body that could not be read at all is reported on the file, the form's only non-text field.
      const errors = hasFieldErrors(error) ? error.errors : { Image: error.errors?.Error ?? error.message }
      return data<FormResult & { uploaded: false }>({ errors, uploaded: false }, { status: error.status })
    }
    throw error
  }
  return jsonWithSuccess({ errors: null, uploaded: true }, { message: options.message, duration: 3000 })
}

/** A list screen that also uploads: multipart posts are uploads, the rest deletes. */
export const isUpload = (request: Request) => (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
