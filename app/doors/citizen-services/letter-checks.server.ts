import { createReadStream } from 'node:fs'
import crypto from 'node:crypto'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { clientKeyOf } from '~/utils/client-key.server'
import { apiSuccess, bodyStream, discardRest, handleApi, HttpError, validationError } from '~/utils/http.server'
import { readMultipart, storage } from '~/utils/upload-pipeline.server'
import { readSmallForm } from '~/utils/form-input.server'
import { DOCUMENT_MAX_MB } from '~/lib/upload-limits'
import type { VerificationView } from '~/lib/letters'
import { countedReadLookup, lookupRefusal } from '~/models/citizen-services/report-throttle.server'
import { siteUrl } from '~/models/site/site-identity.server'
import { publishedLetterKeys } from '~/models/citizen-services/letter-keys.server'
import {
  verifyLetterByCode,
  verifyLetterByHash,
  type LetterVerification,
} from '~/models/citizen-services/letter-verification.server'
import { letterFileByCode, LETTER_FILES_KIND } from '~/models/citizen-services/letter-request.server'
import { letterFileName } from '~/models/citizen-services/letter.server'

/**
 * The doors anyone uses to check a letter or to fetch their own (docs/api.md "Letters"): the verification API by
 * code and by file, the published keys, the pages `/verifikasi` and `/verifikasi/{code}`, and the villager's download
 * `/layanan/surat/{ticket}/unduh?code=`. Every lookup of a code or a file counts toward the lookup throttle of reports
 * when it finds nothing (decision 060); no answer about a code is ever kept by a shared cache.
 */

const PRIVATE = { 'Cache-Control': 'private, no-store' }

const byCode = (request: Request, code: string) =>
  countedReadLookup(clientKeyOf(request), () => verifyLetterByCode(code, siteUrl(request)))

/** The SHA-256 of a staged file, read as a stream. */
function fileHash(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256')
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject)
  })
}

/** The letter of an uploaded file (multipart `file`); 422 on `File` without one; a file of no letter is a 404. */
async function byFile(request: Request): Promise<LetterVerification> {
  // A client already throttled is refused before its upload is read.
  const refusal = await lookupRefusal(clientKeyOf(request))
  if (refusal) {
    if (request.body) discardRest(bodyStream(request))
    throw refusal
  }
  const body = await readMultipart(request, 'file', DOCUMENT_MAX_MB)
  try {
    if (!body.file) throw validationError({ File: 'File is required' })
    const sha256 = await fileHash(body.file.tempPath)
    return await countedReadLookup(clientKeyOf(request), () => verifyLetterByHash(sha256, siteUrl(request)))
  } finally {
    await body.cleanup()
  }
}

/** `GET /api/public/letters/verify/{verify_code}`. */
export const verifyLetterApi = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () =>
    apiSuccess('Detail Data Letter', await byCode(request, params.code ?? ''), 200, PRIVATE),
  )

/** `POST /api/public/letters/verify-file` (multipart `file`). */
export const verifyLetterFileApi = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== 'POST') throw new HttpError(405, 'Method Not Allowed')
    return apiSuccess('Detail Data Letter', await byFile(request), 200, PRIVATE)
  })

/** A letters API route's loader or action for the methods it does not take. */
export const letterChecksMethodNotAllowed = ({ request }: { request: Request }) =>
  handleApi(request, async () => {
    throw new HttpError(405, 'Method Not Allowed')
  })

/**
 * `GET /.well-known/letter-keys.json`: `{keys: [{key_id, alg, public_key}]}` (not an envelope: a file a bank's
 * system fetches and keeps). The same for everyone; browsers and proxies may keep it an hour.
 */
export const letterKeysFile = () =>
  Response.json(publishedLetterKeys(), {
    headers: { 'Cache-Control': 'public, max-age=3600', 'Access-Control-Allow-Origin': '*' },
  })

// ---------------------------------------------------------------------------------------------------------------
// The pages

const view = (letter: LetterVerification): VerificationView => ({
  number: letter.number,
  type: letter.letter_type.name,
  name: letter.name,
  nik_masked: letter.nik_masked,
  issued_at: letter.issued_at.toISOString(),
  village: letter.village.name,
  village_url: letter.village.url,
  revoked: letter.status === 'dicabut',
  revoked_at: letter.revoked_at?.toISOString() ?? null,
  revoked_reason: letter.revoked_reason,
  signed: letter.signed,
  signature: letter.signature,
  key_id: letter.key_id,
})

export type VerificationResult = { letter: VerificationView; error: null } | { letter: null; error: string }

const NOT_FOUND_TEXT = 'Surat tidak ditemukan. Periksa kembali kode verifikasi atau berkas yang Anda unggah.'
const THROTTLED_TEXT = 'Terlalu banyak percobaan. Silakan coba lagi beberapa menit lagi.'

/** A failed lookup as the pages show it (404, 429, 413, 422), or the error itself. */
function pageFailure(error: unknown) {
  if (!(error instanceof HttpError) || error.status >= 500) throw error
  const text =
    error.status === 429
      ? THROTTLED_TEXT
      : error.status === 413
        ? `Berkas terlalu besar (paling besar ${DOCUMENT_MAX_MB} MB).`
        : error.status === 422
          ? 'Pilih berkas PDF surat yang akan diperiksa.'
          : NOT_FOUND_TEXT
  return data<VerificationResult>(
    { letter: null, error: text },
    { status: error.status, headers: { ...PRIVATE, ...Object.fromEntries(new Headers(error.headers ?? {})) } },
  )
}

/** `/verifikasi/{code}`: the letter of the code, never kept by a shared cache (the route declares no cache key). */
export async function verificationPageLoader({ request, params }: LoaderFunctionArgs) {
  try {
    const letter = await byCode(request, params.code ?? '')
    return data<VerificationResult>({ letter: view(letter), error: null }, { headers: PRIVATE })
  } catch (error) {
    return pageFailure(error)
  }
}

/**
 * `/verifikasi` (POST): a code typed (`kode`: the page of that code) or a PDF uploaded (`file`: the answer here).
 * The code goes by POST and a redirect, so it is in no query string a log or a cache would see as a parameter.
 */
export async function verificationFormAction({ request }: ActionFunctionArgs) {
  const type = request.headers.get('content-type') ?? ''
  try {
    if (type.toLowerCase().startsWith('multipart/form-data')) {
      const letter = await byFile(request)
      return data<VerificationResult>({ letter: view(letter), error: null }, { headers: PRIVATE })
    }
    const form = await readSmallForm(request, 16 * 1024)
    const code = (form?.get('kode') ?? '').trim()
    // A full verification address pasted (or scanned) is its code.
    const bare = code.replace(/^.*\/verifikasi\//, '').replace(/[?#].*$/, '')
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(bare))
      return data<VerificationResult>({ letter: null, error: NOT_FOUND_TEXT }, { status: 404, headers: PRIVATE })
    return new Response(null, { status: 303, headers: { Location: `/verifikasi/${bare}`, ...PRIVATE } })
  } catch (error) {
    return pageFailure(error)
  }
}

/**
 * `GET /layanan/surat/{ticket}/unduh?code=`: the issued letter's PDF for the holder of the request's code, as an
 * attachment; a wrong code, an unknown ticket, a letter not issued, revoked or erased: the same 404 (a wrong code
 * counts toward the lookup throttle).
 */
export async function letterDownload({ request, params }: LoaderFunctionArgs): Promise<Response> {
  const code = new URL(request.url).searchParams.get('code') ?? ''
  const notFoundPage = (status = 404, headers: Record<string, string> = {}) =>
    new Response(status === 429 ? THROTTLED_TEXT : 'Surat tidak ditemukan.', {
      status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...PRIVATE, ...headers },
    })
  let found: { file: string; number: string } | null
  try {
    found = await countedReadLookup(clientKeyOf(request), () => letterFileByCode(params.ticket ?? '', code))
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 429))
      return notFoundPage(error.status, Object.fromEntries(new Headers(error.headers ?? {})))
    throw error
  }
  const bytes = found ? await storage().read(LETTER_FILES_KIND, found.file) : null
  if (!found || !bytes) return notFoundPage()
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename="${letterFileName(found.number)}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': 'sandbox',
      ...PRIVATE,
    },
  })
}
