import crypto from 'node:crypto'
import { prisma } from '~/utils/db.server'
import { notFound } from '~/utils/http.server'
import { nullableResponseTime, responseTime, z } from '~/utils/response-shape.server'
import { maskNik } from '~/lib/letters'
import { getSettings } from '~/models/site/settings.server'
import { signedLetterText, signLetterText } from './letter-keys.server'

/**
 * Checking a letter (docs/api.md "Letters", verification): by its verification code or by the PDF itself (its
 * SHA-256). The answer states the letter's facts, whether it stands (`berlaku`) or was revoked (`dicabut`), and an
 * Ed25519 signature of `number|issued_at|name|letter_type slug|village host` by the village's letter key
 * (letter-keys.server.ts), so that whoever keeps the answer can check it later against
 * `/.well-known/letter-keys.json` without trusting the site. Nothing personal but the name and the NIK's last four
 * digits (masked) is in it.
 */

export const letterVerificationResponse = z
  .object({
    number: z.string().openapi({ example: '470/007/XII/2026' }),
    letter_type: z.object({ name: z.string(), slug: z.string() }),
    name: z.string(),
    nik_masked: z.string().openapi({ example: '************3456' }),
    issued_at: responseTime(),
    village: z.object({ name: z.string(), url: z.string() }),
    status: z.enum(['berlaku', 'dicabut']),
    revoked_at: nullableResponseTime(),
    revoked_reason: z.string().nullable(),
    signed: z.string().openapi({
      description: '`number|issued_at|name|letter_type slug|village host`, issued_at exactly as in this answer',
    }),
    signature: z.string().openapi({ description: "Ed25519 signature of `signed` by the village's key, base64url" }),
    key_id: z.string().openapi({ description: 'The key at /.well-known/letter-keys.json that made the signature' }),
  })
  .openapi('LetterVerification')

export type LetterVerification = z.infer<typeof letterVerificationResponse>

const verifySelect = {
  number: true,
  letter_type: { select: { name: true, slug: true } },
  name: true,
  nik_last4: true,
  issued_at: true,
  revoked_at: true,
  revoked_reason: true,
} as const

/** A code as typed or scanned: letters and digits only, at most 64 (anything else is no code of ours). */
const VERIFY_CODE = /^[A-Za-z0-9_-]{10,64}$/

async function answerOf(
  row: {
    number: string
    letter_type: { name: string; slug: string }
    name: string
    nik_last4: string
    issued_at: Date
    revoked_at: Date | null
    revoked_reason: string | null
  },
  origin: string,
): Promise<LetterVerification> {
  const settings = await getSettings()
  const host = new URL(origin).hostname
  const signed = signedLetterText({
    number: row.number,
    issuedAt: row.issued_at.toISOString(),
    name: row.name,
    letterTypeSlug: row.letter_type.slug,
    host,
  })
  return {
    number: row.number,
    letter_type: row.letter_type,
    name: row.name,
    nik_masked: maskNik(row.nik_last4),
    issued_at: row.issued_at,
    village: { name: settings.site_name, url: origin },
    status: row.revoked_at ? 'dicabut' : 'berlaku',
    revoked_at: row.revoked_at,
    revoked_reason: row.revoked_at ? row.revoked_reason : null,
    signed,
    ...signLetterText(signed),
  }
}

const letterNotFound = () => notFound('Letter')

/** `GET /api/public/letters/verify/{code}`: the letter of a verification code; 404 for any other code. */
export async function verifyLetterByCode(code: string, origin: string): Promise<LetterVerification> {
  if (!VERIFY_CODE.test(code)) throw letterNotFound()
  const row = await prisma.letter.findUnique({ where: { verify_code: code }, select: verifySelect })
  if (!row) throw letterNotFound()
  return answerOf(row, origin)
}

/** The SHA-256 (hex) of a file's bytes, as the letter's `pdf_sha256` keeps it. */
export const sha256Hex = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

/** `POST /api/public/letters/verify-file`: the letter whose PDF is these bytes exactly; 404 for any other file. */
export async function verifyLetterByHash(sha256: string, origin: string): Promise<LetterVerification> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw letterNotFound()
  const row = await prisma.letter.findFirst({
    where: { pdf_sha256: sha256 },
    orderBy: { id: 'asc' },
    select: verifySelect,
  })
  if (!row) throw letterNotFound()
  return answerOf(row, origin)
}
