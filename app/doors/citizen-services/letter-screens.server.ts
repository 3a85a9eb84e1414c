import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { HttpError, type FieldErrors } from '~/utils/http.server'
import { IMAGE_MAX_MB } from '~/lib/upload-limits'
import { whatsappShareLink } from '~/lib/reports'
import { letterStatusLabel } from '~/lib/letters'
import type { LetterField } from '~/lib/letters'
import { siteIdentity } from '~/models/site/site-identity.server'
import { activeLetterType, publicLetterTypes } from '~/models/citizen-services/letter-type.server'
import type { TrackedLetterRequest } from '~/models/citizen-services/letter-request.server'
import { foundOr404 } from '~/doors/site/public.server'
import {
  checkLetterFilingThrottle,
  correctLetter,
  fileAndCountLetter,
  lookUpLetterRequest,
  withLetterInput,
} from '~/doors/citizen-services/letters-api.server'

/**
 * The villager's screens of Layanan Surat (docs/api.md "Letters", Screens): `/layanan/surat` (the active types),
 * `/layanan/surat/{slug}` (the form; the ticket and code shown once, with a WhatsApp share), and the letter side of
 * `/layanan/lacak` (`SRT-` tickets: status, note, `Unduh Surat`, the correction form). Plain forms: they work
 * without scripts. The pages of types are the same for everyone (cached); what a villager sends or looks up is
 * answered `no-store`.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** `/layanan/surat`: the active types with their requirements. */
export async function letterTypesScreenLoader() {
  return { types: await publicLetterTypes() }
}

/** `/layanan/surat/{slug}`: one active type's form; an inactive or unknown type is the public 404. */
export async function letterFormLoader({ params }: LoaderFunctionArgs) {
  const type = await foundOr404(async () => {
    const found = await activeLetterType(params.slug ?? '')
    if (!found) throw new HttpError(404, 'Letter type not found')
    return found
  })
  return {
    type: {
      name: type.name,
      slug: type.slug,
      description: type.description,
      requirements: type.requirements,
      fields: type.fields as LetterField[],
      sla_days: type.sla_days,
    },
  }
}

export type FiledLetter = {
  ticket: string
  tracking_code: string
  due_at: string
  tracking_url: string
  share_url: string
}
export type LetterFilingResult = { errors: FieldErrors; filed?: undefined } | { errors: null; filed: FiledLetter }

/** The form's `data_<key>` inputs as the request's `data` (a JSON object string, as the API takes it). */
function formInput(input: Record<string, unknown>, slug: string) {
  const values: Record<string, string> = {}
  const rest: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(input)) {
    if (name.startsWith('data_')) values[name.slice(5)] = typeof value === 'string' ? value : ''
    else if (name !== 'letter_type' && name !== 'data') rest[name] = value
  }
  return { ...rest, letter_type: slug, data: JSON.stringify(values) }
}

/** The failures a form shows (field errors on the API's keys, or one line). */
function formFailure(error: unknown) {
  if (!(error instanceof HttpError) || error.status >= 500) throw error
  const errors =
    error.status === 429
      ? { Error: 'Terlalu banyak permohonan dari alamat ini dalam satu jam. Silakan coba lagi nanti.' }
      : error.status === 413
        ? { Attachments: `Lampiran terlalu besar (paling besar ${IMAGE_MAX_MB} MB per berkas).` }
        : (error.errors ?? { Error: error.message })
  return data<LetterFilingResult>({ errors }, { status: error.status, headers: { ...NO_STORE } })
}

/** The form of `/layanan/surat/{slug}`: the same filing as the API (throttle, honeypot, spam guard). */
export async function letterFormAction({ request, params }: ActionFunctionArgs) {
  try {
    await checkLetterFilingThrottle(request)
    const slug = params.slug ?? ''
    const filed = await withLetterInput(request, (input) => fileAndCountLetter(request, formInput(input, slug)))
    const site = await siteIdentity(request)
    const trackingUrl = `${site.url.replace(/\/+$/, '')}/layanan/lacak?tiket=${encodeURIComponent(filed.ticket)}`
    return data<LetterFilingResult>(
      {
        errors: null,
        filed: {
          ticket: filed.ticket,
          tracking_code: filed.tracking_code,
          due_at: new Date(filed.due_at).toISOString(),
          tracking_url: trackingUrl,
          share_url: whatsappShareLink(
            `Permohonan surat saya ke ${site.name}: nomor tiket ${filed.ticket}. Lacak di ${trackingUrl}`,
          ),
        },
      },
      { headers: NO_STORE },
    )
  } catch (error) {
    return formFailure(error)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// /layanan/lacak, for `SRT-` tickets

export type TrackedLetterView = Omit<TrackedLetterRequest, 'due_at' | 'created_at' | 'letter'> & {
  status_label: string
  due_at: string
  created_at: string
  fields: LetterField[]
  download_url: string | null
  letter: { number: string; issued_at: string; verify_url: string; revoked: boolean } | null
}

/** Whether a ticket is a letter request's (`SRT-2026-0012`), in any case. */
export const isLetterTicket = (ticket: string) => /^srt-/i.test(ticket.trim())

async function shownRequest(tracked: TrackedLetterRequest, code: string): Promise<TrackedLetterView> {
  const type = await activeLetterType(tracked.letter_type.slug)
  const letter = tracked.letter
  return {
    ...tracked,
    status_label: letterStatusLabel(tracked.status),
    due_at: new Date(tracked.due_at).toISOString(),
    created_at: new Date(tracked.created_at).toISOString(),
    fields: (type?.fields as LetterField[] | undefined) ?? [],
    download_url:
      letter && !letter.revoked_at
        ? `/layanan/surat/${encodeURIComponent(tracked.ticket)}/unduh?code=${encodeURIComponent(code)}`
        : null,
    letter: letter
      ? {
          number: letter.number,
          issued_at: new Date(letter.issued_at).toISOString(),
          verify_url: letter.verify_url,
          revoked: !!letter.revoked_at,
        }
      : null,
  }
}

export type LetterTrackingResult =
  | { kind: 'letter'; ticket: string; code: string; request: TrackedLetterView; error: null; errors?: FieldErrors }
  | { kind: 'letter'; ticket: string; code: string; request: null; error: string; errors?: FieldErrors }

/**
 * The tracking form's answer for an `SRT-` ticket (POST: the code is in no address), and the correction form
 * (`intent=perbaiki`, multipart, the same fields as the request): both go through the lookup throttle.
 */
export async function trackLetterScreen(
  request: Request,
  ticket: string,
  code: string,
  correction?: Record<string, unknown>,
) {
  try {
    let tracked = await lookUpLetterRequest(request, ticket, code)
    if (correction) {
      try {
        tracked = await correctLetter(request, ticket, code, formInput(correction, tracked.letter_type.slug))
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error
        return data<LetterTrackingResult>(
          {
            kind: 'letter',
            ticket,
            code,
            request: await shownRequest(tracked, code),
            error: null,
            errors: error.errors ?? { Error: error.message },
          },
          { status: error.status, headers: NO_STORE },
        )
      }
    }
    return data<LetterTrackingResult>(
      { kind: 'letter', ticket, code, request: await shownRequest(tracked, code), error: null },
      { headers: NO_STORE },
    )
  } catch (error) {
    if (error instanceof HttpError && (error.status === 429 || error.status === 404))
      return data<LetterTrackingResult>(
        {
          kind: 'letter',
          ticket,
          code: '',
          request: null,
          error:
            error.status === 429
              ? 'Terlalu banyak percobaan. Silakan coba lagi beberapa menit lagi.'
              : 'Nomor tiket atau kode pelacakan tidak cocok.',
        },
        { status: error.status, headers: { ...NO_STORE, ...Object.fromEntries(new Headers(error.headers ?? {})) } },
      )
    throw error
  }
}

/** The correction's multipart body, read as the API reads it, then handed to `trackLetterScreen`. */
export const withCorrectionInput = withLetterInput

/** A correction's body that could not be read (too large, malformed): the form's one line. */
export function correctionFailure(error: unknown) {
  if (!(error instanceof HttpError) || error.status >= 500) throw error
  return data<LetterTrackingResult>(
    {
      kind: 'letter',
      ticket: '',
      code: '',
      request: null,
      error:
        error.status === 413
          ? `Lampiran terlalu besar (paling besar ${IMAGE_MAX_MB} MB per berkas).`
          : 'Perbaikan tidak dapat dibaca. Silakan coba lagi.',
    },
    { status: error.status, headers: NO_STORE },
  )
}
