import { boundaryChecks, villageBoundaries } from '~/models/regency/regency-map.server'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { jsonWithError, jsonWithSuccess, redirectWithSuccess } from 'remix-toast'
import { requireUser } from '~/auth/session.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import {
  isStale,
  listVillages,
  maxImportMb,
  REGENCY_PERMISSION,
  STALE_AFTER_DAYS,
  villageOrigin,
} from '~/models/regency/regency.server'
import { atRegency, villageById } from '~/models/regency/villages.server'
import { CAMAT_PERMISSION, kecamatanOf } from '~/models/regency/regency-users.server'
import { EVERY_VILLAGE, villagesWithin, villageWithin } from '~/models/regency/regency.server'
import { FIGURE_SORTS, figuresCsv, regencyFigures, type FigureRow } from '~/models/regency/regency-figures.server'
import {
  createRegencyUser,
  deleteRegencyUser,
  listRegencyUsers,
  updateRegencyUser,
} from '~/models/regency/regency-users.server'
import { recordActivity } from '~/models/accounts/activity.server'
import { actorOf } from '~/auth/actor.server'
import { figuresYear } from '~/doors/regency/regency-data.server'
import { getEnv } from '~/utils/config.server'
import { now } from '~/utils/clock.server'
import { formTexts, readFormFields } from '~/utils/form-input.server'
import { HttpError, notFoundResponse, type FieldErrors } from '~/utils/http.server'
import { readMultipart } from '~/utils/upload-pipeline.server'
import { villageArchive, villageWrites } from './regency-api.server'

/**
 * The regency's console (docs/api.md "Many villages in one install": `/admin` at the regency host): the villages with
 * their figures, create (with the admin's reset link to hand over), edit (name, domains, status), suspend, resume,
 * export, import and delete. Its announcements, activity log and own account are the admin's generic screens, read in
 * the regency's own database. Every loader and action checks the host and `regency-admin` again; every write is
 * logged in the regency's log (`villageWrites`).
 */

/** Where the console opens (`/admin` and `/admin/dashboard` at the regency host lead here). */
export const CONSOLE_HOME = '/admin/desa'

/** The console's own screens: no address at a village's host (or without REGENCY_HOST). */
export const isConsoleScreen = (pathname: string) => /^\/admin\/desa(?:\/|$)/i.test(pathname)

/** The regency host and a `kabupaten` account; anywhere else the 404 screen, whoever asks. */
async function requireConsole(request: Request) {
  if (!atRegency()) throw notFoundResponse()
  const user = await requireUser(request)
  if (user.permissions[REGENCY_PERMISSION] !== true) throw redirect('/admin/forbidden')
  return user
}

/**
 * The regency host and an account that may read the console's lists and figures: `kabupaten` every village, `camat`
 * its kecamatan's (`reach`); `admin` whether it may write.
 */
export async function requireConsoleReader(request: Request) {
  if (!atRegency()) throw notFoundResponse()
  const user = await requireUser(request)
  if (user.permissions[REGENCY_PERMISSION] === true) return { user, reach: EVERY_VILLAGE, admin: true }
  if (user.permissions[CAMAT_PERMISSION] !== true) throw redirect('/admin/forbidden')
  return { user, reach: { kecamatan: (await kecamatanOf(user.id)) ?? '' }, admin: false }
}

/** The model's refusals that name no field, in the console's words. */
function refusalMessage(error: HttpError) {
  if (error.status === 404) return 'Desa tidak ditemukan.'
  if (error.status === 409) return 'Nonaktifkan desa ini dulu sebelum menghapusnya.'
  return error.errors?.Error ?? error.message
}

export type ConsoleFormResult = { errors: FieldErrors | null }

/** A form's refusal: field errors under the fields (`Slug`, `Name`, `Domains`, `Status`, `File`), else a toast. */
function consoleRefusal(error: unknown) {
  if (!(error instanceof HttpError) || error.status >= 500) throw error
  const errors = error.errors ?? {}
  if (error.status !== 404 && Object.keys(errors).some((key) => key !== 'Error'))
    return data<ConsoleFormResult>({ errors }, { status: error.status })
  return jsonWithError<ConsoleFormResult>(
    { errors: null },
    { message: refusalMessage(error), duration: 3000 },
    { status: error.status },
  )
}

/** The list's address with its search and page, as the form that acted on a row sent them. */
function listAddress(search: string | null, page: string | null, kecamatan?: string | null, sort?: string | null) {
  const params = new URLSearchParams()
  if (search?.trim()) params.set('search', search.trim())
  if (kecamatan?.trim()) params.set('kecamatan', kecamatan.trim())
  if (sort && sort in FIGURE_SORTS) params.set('sort', sort)
  if (page && /^\d{1,6}$/.test(page) && Number(page) > 1) params.set('page', page)
  const query = params.toString()
  return query ? `${CONSOLE_HOME}?${query}` : CONSOLE_HOME
}

/** The sorts of the list by a figure (`?sort=`), in the console's words. */
const SORT_LABELS: Record<string, string> = {
  '': 'Kecamatan dan nama',
  realisasi: 'Realisasi belanja',
  proyek: 'Jumlah proyek',
  laporan: 'Laporan terbuka',
  tepat_waktu: 'Laporan tepat waktu',
  surat: 'Permohonan surat menunggu',
  dip: 'Entri DIP',
}

/**
 * `/admin/desa?page&search&kecamatan&sort`: 10 villages a page with their figures, their own address, and whether
 * they are stale; grouped by kecamatan, or ordered by a figure (the highest first) with `sort`. A camat sees its
 * kecamatan's villages only.
 */
export async function villagesLoader({ request }: LoaderFunctionArgs) {
  const { reach, admin } = await requireConsoleReader(request)
  const url = new URL(request.url)
  const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
  const kecamatan = (url.searchParams.get('kecamatan') ?? '').trim().slice(0, 100)
  const sortGiven = url.searchParams.get('sort') ?? ''
  const sort = sortGiven in FIGURE_SORTS ? (sortGiven as keyof typeof FIGURE_SORTS) : ''
  // Sorted by a figure: every village of the list is measured first (each from its own memo), then paged.
  const sorted = sort
    ? await listVillages({ ...query, page: 1, limit: 100_000 }, url.pathname, kecamatan, reach)
    : undefined
  let page = sorted ?? (await listVillages(query, url.pathname, kecamatan, reach))
  const figures = await regencyFigures(page.data.map((village) => villageById(village.id)!).filter(Boolean), null)
  const figureOf = new Map<string, FigureRow>(figures.villages.map((row) => [row.slug, row]))
  if (sorted && sort) {
    const key = FIGURE_SORTS[sort]
    const ordered = [...sorted.data].sort((one, other) => {
      const [a, b] = [figureOf.get(one.slug), figureOf.get(other.slug)]
      return (b ? key(b) : -2) - (a ? key(a) : -2) || one.name.localeCompare(other.name, 'id')
    })
    const start = (query.page - 1) * query.limit
    page = {
      ...sorted,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(ordered.length / query.limit)),
      data: ordered.slice(start, start + query.limit),
    }
  }
  const at = now()
  return {
    page: {
      current_page: page.current_page,
      last_page: page.last_page,
      total: page.total,
      data: page.data.map((village) => ({
        ...village,
        url: `${villageOrigin(village.slug, url)}/`,
        stale: isStale(village.stats, at),
        figures: figureOf.get(village.slug) ?? null,
      })),
    },
    search: query.search,
    kecamatan,
    sort,
    sorts: Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label })),
    kecamatanNames: [
      ...new Set(
        villagesWithin(reach)
          .map((village) => village.kecamatan)
          .filter(Boolean),
      ),
    ].sort((one, other) => one.localeCompare(other, 'id')),
    staleAfterDays: STALE_AFTER_DAYS,
    boundaries: boundaryChecks(await villageBoundaries(url)),
    canWrite: admin,
  }
}

/** The list's row actions (`intent` suspend, resume or delete, with `id`): the list again with a toast. */
export async function villagesAction({ request }: ActionFunctionArgs) {
  const user = await requireConsole(request)
  try {
    const form = await readFormFields(request)
    const id = form.get('id') ?? ''
    const intent = form.get('intent')
    const back = listAddress(form.get('search'), form.get('page'), form.get('kecamatan'), form.get('sort'))
    if (intent === 'suspend' || intent === 'resume') {
      const status = intent === 'suspend' ? 'suspended' : 'active'
      const village = await villageWrites.update(request, user, id, { status })
      const done = intent === 'suspend' ? 'dinonaktifkan' : 'diaktifkan kembali'
      return redirectWithSuccess(back, { message: `${village.name} ${done}.`, duration: 3000 })
    }
    if (intent === 'delete') {
      const village = await villageWrites.remove(request, user, id)
      // The list from page 1 again: the page it was on may be gone.
      return redirectWithSuccess(listAddress(form.get('search'), null), {
        message: `${village.name} berhasil dihapus.`,
        duration: 3000,
      })
    }
    throw new HttpError(400, 'Aksi tidak dikenal.')
  } catch (error) {
    return consoleRefusal(error)
  }
}

/** The create form: the regency's host, to show the village's address as it is typed. */
export async function villageCreateLoader({ request }: LoaderFunctionArgs) {
  await requireConsole(request)
  return { regencyHost: getEnv().REGENCY_HOST }
}

export type VillageCreated = { name: string; slug: string; url: string; admin_reset_url: string }

/**
 * The create form's action: the new village and its admin's reset link (valid 7 days), shown this once on the form's
 * screen to hand over; or the field errors.
 */
export async function villageCreateAction({ request }: ActionFunctionArgs) {
  const user = await requireConsole(request)
  try {
    const form = await readFormFields(request)
    const village = await villageWrites.create(request, user, {
      slug: form.get('slug') ?? '',
      name: form.get('name') ?? '',
      domains: form.get('domains') ?? '',
      kode_wilayah: form.get('kode_wilayah') ?? '',
      kecamatan: form.get('kecamatan') ?? '',
      demo: form.get('demo') === '1',
    })
    const created: VillageCreated = {
      name: village.name,
      slug: village.slug,
      url: `${villageOrigin(village.slug, new URL(request.url))}/`,
      admin_reset_url: village.admin_reset_url,
    }
    return jsonWithSuccess({ errors: null, created }, { message: `${village.name} berhasil dibuat.`, duration: 3000 })
  } catch (error) {
    return consoleRefusal(error)
  }
}

/** The edit form: the village as it is now, or the 404 screen. */
export async function villageEditLoader({ request, params }: LoaderFunctionArgs) {
  const { reach, admin } = await requireConsoleReader(request)
  let village
  try {
    village = villageWithin(params.id ?? '', reach)
  } catch {
    throw notFoundResponse()
  }
  if (!admin) throw redirect('/admin/forbidden')
  return { village: { ...village, url: `${villageOrigin(village.slug, new URL(request.url))}/` } }
}

/** The edit form's action (name, domains, status): the list with a toast, or the field errors. */
export async function villageEditAction({ request, params }: ActionFunctionArgs) {
  const user = await requireConsole(request)
  try {
    const form = await readFormFields(request)
    const village = await villageWrites.update(request, user, params.id ?? '', {
      name: form.get('name') ?? '',
      domains: form.get('domains') ?? '',
      kode_wilayah: form.get('kode_wilayah') ?? '',
      kecamatan: form.get('kecamatan') ?? '',
      status: form.get('status') ?? undefined,
    })
    return redirectWithSuccess(CONSOLE_HOME, { message: `${village.name} berhasil diperbarui.`, duration: 3000 })
  } catch (error) {
    return consoleRefusal(error)
  }
}

/** The import form: the largest archive it takes. */
export async function villageImportLoader({ request }: LoaderFunctionArgs) {
  await requireConsole(request)
  return { maxMb: maxImportMb(), regencyHost: getEnv().REGENCY_HOST }
}

/**
 * The import form's action (multipart `slug`, `name`, `file`: an archive of `npm run backup` or of the export, read
 * as it streams in): the list with a toast, or the field errors (`File` for anything that is not such an archive).
 */
export async function villageImportAction({ request }: ActionFunctionArgs) {
  const user = await requireConsole(request)
  let name: string
  try {
    const body = await readMultipart(request, 'file', maxImportMb())
    try {
      name = (await villageWrites.import(request, user, body)).name
    } finally {
      await body.cleanup()
    }
  } catch (error) {
    return consoleRefusal(error)
  }
  return redirectWithSuccess(CONSOLE_HOME, { message: `${name} berhasil diimpor.`, duration: 3000 })
}

/** `/admin/desa/{id}/export`: the village's archive, downloaded (the format of `npm run backup`). */
export async function villageExportLoader({ request, params }: LoaderFunctionArgs) {
  await requireConsole(request)
  try {
    return await villageArchive(params.id ?? '')
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFoundResponse()
    throw error
  }
}

/** `/admin/desa/ringkasan?year`: the figures of the villages within reach, per kecamatan and in total. */
export async function summaryLoader({ request }: LoaderFunctionArgs) {
  const { reach } = await requireConsoleReader(request)
  const url = new URL(request.url)
  let year: number | null = null
  try {
    year = figuresYear(url)
  } catch {
    year = null
  }
  const figures = await regencyFigures(villagesWithin(reach), year)
  return { figures, year, camat: reach.kecamatan }
}

/** `/admin/desa/ringkasan.csv?year`: the villages' rows as CSV (a camat: its kecamatan's). */
export async function summaryCsvLoader({ request }: LoaderFunctionArgs) {
  const { reach } = await requireConsoleReader(request)
  let year: number | null = null
  try {
    year = figuresYear(new URL(request.url))
  } catch {
    year = null
  }
  return new Response(figuresCsv(await regencyFigures(villagesWithin(reach), year)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="angka-desa${year ? `-${year}` : ''}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}

/** `/admin/desa/pengguna`: the regency's accounts (`kabupaten` only). */
export async function regencyUsersLoader({ request }: LoaderFunctionArgs) {
  const user = await requireConsole(request)
  const url = new URL(request.url)
  const page = await listRegencyUsers(parseListQuery(url.searchParams, 50), url.pathname)
  return { users: page.data, me: user.id }
}

/**
 * The accounts screen's actions: `intent` create (the form's fields), update (with `id`; an empty password keeps
 * it) or delete (`id`). Field errors under the fields, else a toast.
 */
export async function regencyUsersAction({ request }: ActionFunctionArgs) {
  const user = await requireConsole(request)
  try {
    const form = await readFormFields(request)
    const intent = form.get('intent')
    const fields = formTexts(form, ['name', 'username', 'email', 'password', 'role', 'kecamatan'])
    const id = Number(form.get('id'))
    const actor = { actor: actorOf(request, user), resource: 'users' as const }
    if (intent === 'create') {
      const created = await createRegencyUser(fields)
      await recordActivity({ ...actor, action: 'create', resourceId: created.id, summary: created.name })
      return redirectWithSuccess('/admin/desa/pengguna', {
        message: `${created.name} berhasil dibuat.`,
        duration: 3000,
      })
    }
    if (intent === 'update') {
      const updated = await updateRegencyUser(id, fields)
      await recordActivity({ ...actor, action: 'update', resourceId: updated.id, summary: updated.name })
      return redirectWithSuccess('/admin/desa/pengguna', {
        message: `${updated.name} berhasil diperbarui.`,
        duration: 3000,
      })
    }
    if (intent === 'delete') {
      const removed = await deleteRegencyUser(id, user.id)
      await recordActivity({ ...actor, action: 'delete', resourceId: removed.id, summary: removed.name })
      return redirectWithSuccess('/admin/desa/pengguna', {
        message: `${removed.name} berhasil dihapus.`,
        duration: 3000,
      })
    }
    throw new HttpError(400, 'Aksi tidak dikenal.')
  } catch (error) {
    if (error instanceof HttpError && error.status === 409)
      return jsonWithError<ConsoleFormResult>(
        { errors: null },
        { message: error.message, duration: 3000 },
        { status: 409 },
      )
    return consoleRefusal(error)
  }
}
