import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { jsonWithError, jsonWithSuccess, redirectWithSuccess } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import { requirePermission, requireUser } from '~/auth/session.server'
import { countImagesWithoutAlt } from '~/models/content/content-images.server'
import { accountsWithDefaultPassword } from '~/models/accounts/default-password.server'
import { getSettings, updateSettings } from '~/models/site/settings.server'
import { holdsAny } from '~/resources/permissions'
import type { DefaultPasswordNotice } from '~/lib/default-password-notice'
import { dashboardCounts } from '~/models/site/dashboard.server'
import { ADMIN_PAGE_SIZE, parseListQuery, type Paginated } from '~/lib/paging'
import { createResetLink } from '~/models/accounts/password-reset.server'
import { findResource, writeResource, type AdminResource } from '~/models/site/resources.server'
import { siteUrl } from '~/models/site/site-identity.server'
import { screenResource, unknownScreen } from '~/resources'
import {
  isUploadOnly,
  linesOfForm,
  listFieldsOf,
  lowerThing,
  permissionsOf,
  uploadOf,
  writeToast,
  type FormLoad,
  type FormMode,
  type Row,
  usesTimeZone,
} from '~/resources/resource'
import { readFormFields, withFormInput } from '~/utils/form-input.server'
import { HttpError, notFound, notFoundResponse, type FieldErrors } from '~/utils/http.server'
import { logError } from '~/utils/error-log.server'
import { getEnv } from '~/utils/config.server'
import { nowMs } from '~/utils/clock.server'
import { fromPublishForm, publishFilterOf } from '~/models/content/publishing.server'
import { atRegency } from '~/models/regency/villages.server'
import { CONSOLE_HOME, isConsoleScreen } from '~/doors/regency/regency-console.server'
import { orNotFound } from './door-kit.server'

/**
 * The admin door: the shell every admin screen sits in, the loaders and actions of the three screens every declared
 * resource has (list, create, edit; app/routes/admin.$resource.*), with each one's permission, form input and toasts;
 * the user edit screen's reset link, the dashboard and Pengaturan Situs.
 */

/**
 * Every admin screen needs a working session; the shell shows what the user's permissions allow, and at the regency
 * host (REGENCY_HOST) the regency's console instead of a village's admin. The console's screens (`/admin/desa...`)
 * are no address anywhere else: the 404 for everyone, as an unknown screen.
 */
export async function shellLoader({ request, params }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname
  const regency = atRegency()
  if (unknownScreen(pathname, params) || (!regency && isConsoleScreen(pathname))) throw notFoundResponse()
  const user = await requireUser(request)
  const weak = await accountsWithDefaultPassword()
  const notice: DefaultPasswordNotice =
    weak.length === 0
      ? null
      : regency
        ? { accounts: weak, ownAccount: true }
        : holdsAny(user.permissions, 'users-edit')
          ? { accounts: weak }
          : { ask: true }
  return {
    user: { name: user.name, username: user.username, email: user.email },
    permissions: user.permissions,
    defaultPassword: notice,
    regency,
  }
}

/** /admin: the dashboard (after the login check); at the regency host its console's list of villages. */
export async function adminIndexLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return redirect(atRegency() ? CONSOLE_HOME : '/admin/dashboard')
}

/** The 403 screen (any logged-in user may see it). */
export async function forbiddenLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return null
}

/** Pengaturan Situs (settings-edit). */
export async function settingsLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'settings-edit')
  return getSettings()
}

export async function settingsAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'settings-edit')
  const actor = actorOf(request, user)
  return submitForm(request, (input) => updateSettings(input, actor), {
    to: '/admin/settings',
    message: 'Pengaturan situs berhasil disimpan.',
    fileField: 'logo',
  })
}

export type FormResult = { errors: FieldErrors | null }

/** The resource of the screen's address, or the 404 of an unknown address (see routes/admin.tsx). */
function resourceOf(params: LoaderFunctionArgs['params'], form: boolean): AdminResource {
  const declaration = screenResource(params.resource, form)
  if (!declaration) throw notFoundResponse()
  return findResource(declaration.name)!
}

/** Errors that belong under a field (anything but the generic `Error` key, e.g. a malformed body). */
const hasFieldErrors = (error: HttpError): error is HttpError & { errors: FieldErrors } =>
  !!error.errors && error.status !== 404 && Object.keys(error.errors).some((key) => key !== 'Error')

/** A form's refusal: a 4xx with field errors shown under the fields, any other 4xx (e.g. 409) as an error toast. */
function formRefusal(error: unknown) {
  if (error instanceof HttpError && error.status < 500) {
    if (hasFieldErrors(error)) return data<FormResult>({ errors: error.errors }, { status: error.status })
    return jsonWithError<FormResult>(
      { errors: null },
      { message: error.errors?.Error ?? error.message, duration: 3000 },
      { status: error.status },
    )
  }
  throw error
}

/**
 * The action of a form that is not a declared resource's (Pengaturan Situs): `save` records its own activity entry;
 * on success `to` with the toast `message` (3 s), otherwise as formAction. `fileField` names the file input.
 */
export async function submitForm(
  request: Request,
  save: (input: Record<string, unknown>) => Promise<unknown>,
  success: { to: string; message: string; fileField: string },
) {
  try {
    await withFormInput(request, save, [], success.fileField)
  } catch (error) {
    return formRefusal(error)
  }
  return redirectWithSuccess(success.to, { message: success.message, duration: 3000 })
}

/** The route's numeric id, or a 404 response. */
export function routeId(value: string | undefined): number {
  const id = value && /^\d{1,15}$/.test(value) ? Number(value) : NaN
  if (!Number.isSafeInteger(id) || id < 1) throw new Response('Not Found', { status: 404 })
  return id
}

/** Loads one record for an edit form; a missing one is the 404 screen. */
const loadRecord = (get: () => Promise<unknown>) => orNotFound(get) as Promise<Row>

/** `status` and `now` (ms, the server's): the publishing filter and the moment the rows' states are judged at. */
export type ListLoad = { page: Paginated<Row> | null; search: string; failed: boolean; status: string; now: number }

/**
 * A list screen: the permission, the query of the address, one page of rows. A failure to read is shown in
 * the table ("Failed to Load Data") rather than as an error page.
 */
export async function listLoader({ request, params }: LoaderFunctionArgs): Promise<ListLoad> {
  const resource = resourceOf(params, false)
  await requirePermission(request, permissionsOf(resource).index)
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
  const status = resource.publishing ? publishFilterOf(url.searchParams.get('status')) : ''
  try {
    return {
      page: (await resource.list(query, url.pathname, status, url.searchParams)) as Paginated<Row>,
      search: query.search,
      failed: false,
      status,
      now: nowMs(),
    }
  } catch (error) {
    if (error instanceof Response) throw error
    logError('admin-list-error', error, request, 'list failed')
    return { page: null, search: query.search, failed: true, status, now: nowMs() }
  }
}

/** A list screen's action: the upload form of photos and sliders (multipart), otherwise a row's delete. */
export function listAction({ request, params }: ActionFunctionArgs) {
  const resource = resourceOf(params, false)
  const multipart = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
  return isUploadOnly(resource) && multipart ? uploadFromList(request, resource) : deleteFromList(request, resource)
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
 * A row's delete (intent=delete, id): `{Thing} deleted successfully!` and the list again from page 1, or
 * `Failed to delete {thing}: {message}` when the model refuses.
 */
async function deleteFromList(request: Request, resource: AdminResource) {
  const user = await requirePermission(request, permissionsOf(resource).delete)
  let search: string | null = null
  try {
    const form = await readFormFields(request)
    search = form.get('search')
    const id = Number(form.get('id'))
    if (form.get('intent') !== 'delete' || !Number.isSafeInteger(id) || id < 1) throw notFound(resource.thing)
    await writeResource(resource, user, actorOf(request, user), { action: 'delete', id })
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      // A body over the limit keeps its 413; the model's refusals (409, 404) answer the list as before.
      const init = error.status === 413 ? { status: 413 } : undefined
      return jsonWithError(
        { deleted: false },
        { message: `Failed to delete ${lowerThing(resource)}: ${error.message}`, duration: 3000 },
        init,
      )
    }
    throw error
  }
  return redirectWithSuccess(firstPage(request, search), { message: writeToast(resource, 'deleted'), duration: 3000 })
}

/**
 * The upload form above the photo and slider lists (multipart): `{Thing} uploaded successfully!` and the
 * list refreshed in place (the form clears itself), or the field errors under the form's fields.
 */
async function uploadFromList(request: Request, resource: AdminResource) {
  const user = await requirePermission(request, permissionsOf(resource).create!)
  try {
    await withFormInput(request, (input) =>
      writeResource(resource, user, actorOf(request, user), { action: 'create', input }),
    )
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      // A body that could not be read at all is reported on the file, the form's only non-text field.
      const errors = hasFieldErrors(error) ? error.errors : { Image: error.errors?.Error ?? error.message }
      return data<FormResult & { uploaded: false }>({ errors, uploaded: false }, { status: error.status })
    }
    throw error
  }
  return jsonWithSuccess({ errors: null, uploaded: true }, { message: writeToast(resource, 'created'), duration: 3000 })
}

/** Each form's choices (`options` of its fields): every row of that resource, by name. */
async function choicesOf(resource: AdminResource) {
  const names = resource.fields.flatMap((field) => (field.options ? [field.options] : []))
  const lists = await Promise.all(
    names.map(async (name) => (await findResource(name)!.all!()).map(({ id, name }) => ({ id, name }))),
  )
  return Object.fromEntries(names.map((name, index) => [name, lists[index]]))
}

/** A create or edit screen: the permission, the record to edit (or its 404 screen) and the form's choices. */
export async function formLoader({ request, params }: LoaderFunctionArgs, mode: FormMode): Promise<FormLoad> {
  const resource = resourceOf(params, true)
  const permissions = permissionsOf(resource)
  await requirePermission(request, mode === 'create' ? permissions.create! : permissions.edit!)
  const [record, choices, template] = await Promise.all([
    mode === 'edit' ? loadRecord(() => resource.get!(routeId(params.id))) : null,
    choicesOf(resource),
    mode === 'create' && resource.template ? resource.template(new URL(request.url).searchParams) : null,
  ])
  return {
    record,
    choices,
    ...(usesTimeZone(resource) ? { timeZone: getEnv().TZ, now: nowMs() } : {}),
    ...(template ? { template: template as Row } : {}),
  }
}

/**
 * A create or edit form's action: on success back to the list with the success toast; a 4xx with field
 * errors is answered with them (shown under the fields); any other refusal (e.g. 409) as an error toast.
 */
export async function formAction({ request, params }: ActionFunctionArgs, mode: FormMode) {
  const resource = resourceOf(params, true)
  const permissions = permissionsOf(resource)
  const user = await requirePermission(request, mode === 'create' ? permissions.create! : permissions.edit!)
  const id = mode === 'edit' ? routeId(params.id) : 0
  try {
    const actor = actorOf(request, user)
    const save = (form: Record<string, unknown>) => {
      // The publish buttons (Simpan sebagai Draf, Jadwalkan, Terbitkan) become the API's status and published_at; the
      // repeated columns of a budget's lines its list of lines.
      const lines = linesOfForm(resource, form)
      const input = resource.publishing ? fromPublishForm(lines) : lines
      return writeResource(
        resource,
        user,
        actor,
        mode === 'create' ? { action: 'create', input } : { action: 'update', id, input },
      )
    }
    const upload = uploadOf(resource)
    await withFormInput(request, save, listFieldsOf(resource), upload.field, upload.maxMb)
  } catch (error) {
    return formRefusal(error)
  }
  const event = mode === 'create' ? 'created' : 'updated'
  // The role-update toast keeps the toaster's default duration; every other one shows 3 s.
  const duration = event === 'updated' && resource.updateToastDefaultDuration ? undefined : 3000
  return redirectWithSuccess(`/admin/${resource.name}`, { message: writeToast(resource, event), duration })
}

type ResetLinkAnswer = { link: { url: string; expires_at: Date } | null; error: string | null }

/** The user edit screen's "Buat Tautan Reset Password" (users-edit): a one-time link, shown once. */
export async function resetLinkAction({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'users-edit')
  try {
    const link = await createResetLink(routeId(params.id), siteUrl(request), actorOf(request, user))
    return data<ResetLinkAnswer>({ link, error: null })
  } catch (error) {
    if (error instanceof HttpError && error.status < 500)
      return data<ResetLinkAnswer>({ link: null, error: error.message }, { status: error.status })
    throw error
  }
}

/** The dashboard has no permission of its own: any logged-in user sees the counts. */
export async function dashboardLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  // The regency has no village figures of its own: its console opens on the villages'.
  if (atRegency()) throw redirect(CONSOLE_HOME)
  // The alt-text reminder is the screen's own: GET /api/admin/dashboard keeps the contract's four counts.
  const [counts, withoutAlt] = await Promise.all([dashboardCounts(), countImagesWithoutAlt()])
  return { ...counts, withoutAlt }
}
