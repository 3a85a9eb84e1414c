import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { jsonWithSuccess, redirectWithSuccess } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import { can, requirePermission } from '~/auth/session.server'
import { formTexts, readFormFields } from '~/utils/form-input.server'
import { HttpError } from '~/utils/http.server'
import { nowMs } from '~/utils/clock.server'
import { getEnv } from '~/utils/config.server'
import { prisma } from '~/utils/db.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { siteUrl } from '~/models/site/site-identity.server'
import {
  allLetterTypes,
  createLetterType,
  deleteLetterType,
  getLetterType,
  listLetterTypes,
} from '~/models/citizen-services/letter-type.server'
import { updateLetterType } from '~/models/citizen-services/letter-type.server'
import {
  getLetterRequest,
  listLetterRequests,
  parseLetterRequestFilters,
  updateLetterRequest,
} from '~/models/citizen-services/letter-request.server'
import {
  issueLetterForRequest,
  issueWalkInLetter,
  letterYears,
  listLetters,
  revokeLetter,
  yearOf,
} from '~/models/citizen-services/letter.server'
import { routeId } from '~/doors/site/admin.server'
import { activityOf, orNotFound, screenRefusal, type ScreenFailure } from '~/doors/site/door-kit.server'

/**
 * The admin screens of Layanan Surat (menu `Surat`): Permohonan Surat (the queue and a request's screen), Surat
 * Keluar (the register, its print view, revocation and the walk-in form) and Jenis Surat (the type editor). Every
 * change goes through the same model calls as the API's.
 */

const noteLetters = activityOf('letters')

// ---------------------------------------------------------------------------------------------------------------
// Permohonan Surat

export async function requestQueueLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'letters-index')
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
  const filters = parseLetterRequestFilters(url.searchParams)
  const [page, types] = await Promise.all([listLetterRequests(query, url.pathname, url.searchParams), allLetterTypes()])
  return {
    page,
    types: types.map((type) => ({ value: type.slug, label: type.name })),
    search: query.search,
    status: filters.status ?? '',
    letterType: filters.letter_type ?? '',
    now: nowMs(),
  }
}

export async function requestLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, 'letters-show')
  const id = routeId(params.id)
  return orNotFound(async () => {
    const letterRequest = await getLetterRequest(id)
    const type = await getLetterType(letterRequest.letter_type.id)
    const letter = letterRequest.letter_id
      ? await prisma.letter.findUnique({
          where: { id: letterRequest.letter_id },
          select: { id: true, number: true, revoked_at: true },
        })
      : null
    return {
      request: letterRequest,
      fields: type.fields,
      letter,
      now: nowMs(),
      timeZone: getEnv().TZ,
      canIssue: can(user, 'letters-create'),
      canUpdate: can(user, 'letters-update'),
    }
  })
}

/** The request screen's forms, by `intent`: `issue` (letters-create), `status` with a note (letters-update). */
export async function requestAction({ request, params }: ActionFunctionArgs) {
  const id = routeId(params.id)
  const form = await readFormFields(request)
  const intent = form.get('intent')
  try {
    if (intent === 'issue') {
      const user = await requirePermission(request, 'letters-create')
      const letter = await issueLetterForRequest(id, siteUrl(request), user, actorOf(request, user))
      return jsonWithSuccess<ScreenFailure>(
        { errors: null },
        { message: `Surat ${letter.number} terbit`, duration: 4000 },
      )
    }
    if (intent === 'status') {
      const user = await requirePermission(request, 'letters-update')
      await updateLetterRequest(
        id,
        { status: form.get('status') ?? '', note: form.get('note') ?? '' },
        actorOf(request, user),
      )
      return jsonWithSuccess<ScreenFailure>(
        { errors: null },
        { message: 'Status permohonan diperbarui', duration: 3000 },
      )
    }
    throw new HttpError(400, 'Unknown action')
  } catch (error) {
    return screenRefusal(error)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Surat Keluar

export async function registerLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, 'letters-index')
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, url.searchParams.get('cetak') ? 1000 : ADMIN_PAGE_SIZE)
  const years = await letterYears()
  const thisYear = new Date(nowMs()).getUTCFullYear()
  const year = yearOf(url.searchParams.get('year')) ?? years[0] ?? thisYear
  return {
    page: await listLetters(query, url.pathname, siteUrl(request), year),
    years: years.includes(year) ? years : [year, ...years],
    year,
    search: query.search,
    print: url.searchParams.get('cetak') === '1',
    canUpdate: can(user, 'letters-update'),
    canIssue: can(user, 'letters-create'),
  }
}

/** The register's form: `revoke` with a reason (letters-update). */
export async function registerAction({ request }: ActionFunctionArgs) {
  const form = await readFormFields(request)
  try {
    if (form.get('intent') !== 'revoke') throw new HttpError(400, 'Unknown action')
    const user = await requirePermission(request, 'letters-update')
    const id = routeId(form.get('id') ?? '')
    const letter = await revokeLetter(
      id,
      { reason: form.get('reason') ?? '' },
      siteUrl(request),
      actorOf(request, user),
    )
    return jsonWithSuccess<ScreenFailure>(
      { errors: null },
      { message: `Surat ${letter.number} dicabut`, duration: 4000 },
    )
  } catch (error) {
    return screenRefusal(error)
  }
}

/** `/admin/letters/baru?jenis={slug}`: the walk-in form (the type chosen first, then its fields). */
export async function walkInLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'letters-create')
  const types = await allLetterTypes()
  const slug = new URL(request.url).searchParams.get('jenis') ?? ''
  const type = types.find((item) => item.slug === slug) ?? null
  return {
    types: types.map((item) => ({ value: item.slug, label: item.name })),
    type: type ? { slug: type.slug, name: type.name, fields: type.fields } : null,
  }
}

export async function walkInAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'letters-create')
  const form = await readFormFields(request)
  const values: Record<string, string> = {}
  for (const [name, value] of form.entries()) if (name.startsWith('data_')) values[name.slice(5)] = value
  try {
    const letter = await issueWalkInLetter(
      {
        letter_type: form.get('letter_type') ?? '',
        name: form.get('name') ?? '',
        nik: form.get('nik') ?? '',
        data: values,
      },
      siteUrl(request),
      user,
      actorOf(request, user),
    )
    return redirectWithSuccess(`/admin/letters?year=${letter.number.split('/').at(-1) ?? ''}`, {
      message: `Surat ${letter.number} terbit`,
      duration: 4000,
    })
  } catch (error) {
    return screenRefusal(error)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Jenis Surat

export async function typeListLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, 'letters-index')
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
  return {
    page: await listLetterTypes(query, url.pathname),
    search: query.search,
    canCreate: can(user, 'letters-create'),
  }
}

const aparaturChoices = async () =>
  (await prisma.aparatur.findMany({ select: { id: true, name: true, position: true }, orderBy: { id: 'asc' } })).map(
    (person) => ({ value: person.id, label: `${person.name} (${person.position})` }),
  )

/** `/admin/letter-types/baru` and `/admin/letter-types/{id}`. */
export async function typeLoader({ request, params }: LoaderFunctionArgs) {
  const creating = params.id === 'baru'
  const user = await requirePermission(request, creating ? 'letters-create' : 'letters-show')
  return orNotFound(async () => ({
    type: creating ? null : await getLetterType(routeId(params.id)),
    signers: await aparaturChoices(),
    canSave: can(user, creating ? 'letters-create' : 'letters-update'),
    canDelete: !creating && can(user, 'letters-delete'),
  }))
}

/** The editor's rows of fields (`field_key_N`, `field_label_N`, ...): the filled ones, in order. */
function fieldsOfForm(form: URLSearchParams) {
  const fields: Record<string, unknown>[] = []
  for (let n = 0; n < 40; n++) {
    const key = (form.get(`field_key_${n}`) ?? '').trim()
    const label = (form.get(`field_label_${n}`) ?? '').trim()
    if (!key && !label) continue
    const kind = form.get(`field_kind_${n}`) ?? 'text'
    fields.push({
      key,
      label,
      kind,
      required: form.get(`field_required_${n}`) === '1',
      ...(kind === 'select'
        ? {
            options: (form.get(`field_options_${n}`) ?? '')
              .split(/[\n,]/)
              .map((option) => option.trim())
              .filter(Boolean),
          }
        : {}),
    })
  }
  return fields
}

export async function typeAction({ request, params }: ActionFunctionArgs) {
  const creating = params.id === 'baru'
  const form = await readFormFields(request)
  try {
    if (form.get('intent') === 'delete') {
      const user = await requirePermission(request, 'letters-delete')
      const id = routeId(params.id)
      const gone = await deleteLetterType(id)
      await noteLetters(request, user, 'delete', id, gone.name)
      return redirectWithSuccess('/admin/letter-types', { message: 'Jenis surat dihapus', duration: 3000 })
    }
    const input = {
      ...formTexts(form, ['name', 'slug', 'code', 'description', 'requirements']),
      fields: fieldsOfForm(form),
      ...formTexts(form, ['body', 'number_format', 'signer_id', 'sla_days']),
      active: form.get('active') === '1',
    }
    const user = await requirePermission(request, creating ? 'letters-create' : 'letters-update')
    const saved = creating ? await createLetterType(input) : await updateLetterType(routeId(params.id), input)
    await noteLetters(request, user, creating ? 'create' : 'update', saved.id, saved.name)
    if (creating)
      return redirectWithSuccess(`/admin/letter-types/${saved.id}`, { message: 'Jenis surat dibuat', duration: 3000 })
    return jsonWithSuccess<ScreenFailure>({ errors: null }, { message: 'Jenis surat disimpan', duration: 3000 })
  } catch (error) {
    if (error instanceof Response) throw error
    return screenRefusal(error)
  }
}
