import crypto from 'node:crypto'
import { z } from 'zod'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { validationError } from '~/utils/http.server'
import { mailConfigured, sendMail } from '~/utils/mail.server'
import { hashPassword } from '~/utils/password.server'
import { parseInput } from '~/utils/validation.server'
import { recordActivity, type Actor } from './activity.server'
import { getSettings } from '~/models/site/settings.server'
import { getUser, newPasswordProblems } from './user.server'

/** One-time password reset links: valid 60 minutes, used once; only a hash of the token is stored. */

export const RESET_MINUTES = 60
/** At most this many links are e-mailed to one user per hour ("Lupa password?" cannot be used to flood a mailbox). */
const MAILS_PER_HOUR = 3

/** Who made a link e-mailed by "Lupa password?", in the activity log: the form (whoever sent it is not logged in). */
const FORGOT_PASSWORD_ACTOR = 'Lupa password?'

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

async function newLink(userId: number, origin: string, minutes = RESET_MINUTES) {
  const token = crypto.randomBytes(32).toString('base64url')
  const expires_at = new Date(Date.now() + minutes * 60_000)
  // Nothing cached depends on a link: the data version stays.
  await serializeWrite(async () => {
    await prisma.passwordReset.deleteMany({ where: { expires_at: { lt: new Date() } } })
    await prisma.passwordReset.create({ data: { token_hash: hashToken(token), user_id: userId, expires_at } })
  })
  return { url: `${origin.replace(/\/+$/, '')}/reset-password/${token}`, expires_at }
}

/** A link for the user (404 when there is none), made by someone holding users-edit or by `npm run reset-password`. */
export async function createResetLink(userId: number, origin: string, actor: Actor | null) {
  const user = await getUser(userId)
  const link = await newLink(user.id, origin)
  if (actor)
    await recordActivity({
      actor,
      action: 'password_reset',
      resource: 'users',
      resourceId: user.id,
      summary: user.name,
    })
  return link
}

/**
 * `npm run reset-password -- USERNAME` on the server: a link for a locked-out user (the sole admin, say), logged as
 * made on the server. Null when there is no such user.
 */
export async function resetLinkForUsername(username: string, origin: string) {
  const user = await prisma.user.findUnique({ where: { username }, select: { id: true } })
  if (!user) return null
  return createResetLink(user.id, origin, { id: null, name: 'npm run reset-password', ip: null })
}

/** A new village's `admin`, handed over by the regency: a link valid 7 days (docs/api.md, `admin_reset_url`). */
export async function handoverLink(origin: string) {
  const user = await prisma.user.findUniqueOrThrow({ where: { username: 'admin' }, select: { id: true } })
  return newLink(user.id, origin, 7 * 24 * 60)
}

/** The user a token belongs to while it is unspent and unexpired, or null. */
async function linkOwner(token: unknown) {
  if (typeof token !== 'string' || !token || token.length > 200) return null
  const row = await prisma.passwordReset.findUnique({
    where: { token_hash: hashToken(token) },
    select: { user_id: true, expires_at: true },
  })
  return row && row.expires_at.getTime() > Date.now() ? row.user_id : null
}

export const resetLinkValid = async (token: string) => (await linkOwner(token)) !== null

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : value
const schema = z.object({
  token: z.preprocess(text, z.string({ invalid_type_error: 'Token must be text' })),
  password: z.preprocess(text, z.string({ invalid_type_error: 'Password must be text' })),
  password_confirmation: z.preprocess(text, z.string({ invalid_type_error: 'Password_confirmation must be text' })),
})

/**
 * Sets a new password with a link's token (422 `Token` when unknown, spent or expired). The link is spent, and so
 * is every other link of the user; every session of the user ends.
 */
export async function resetPassword(raw: unknown, ip: string | null) {
  const input = parseInput(schema, raw)
  const errors = newPasswordProblems(input)
  if ((await linkOwner(input.token)) === null) errors.Token = 'Token is invalid or has expired'
  if (Object.keys(errors).length) throw validationError(errors)
  const password = await hashPassword(input.password)
  const user = await serializeWrite(async () => {
    // Checked again inside the queue: of two uses at once, only the first finds the link.
    const userId = await linkOwner(input.token)
    if (userId === null) throw validationError({ Token: 'Token is invalid or has expired' })
    return prisma.user.update({
      where: { id: userId },
      data: { password, password_resets: { deleteMany: {} }, sessions: { deleteMany: {} } },
      select: { id: true, name: true },
    })
  })
  await recordActivity({
    actor: { id: user.id, name: user.name, ip },
    action: 'password_reset',
    resource: 'users',
    resourceId: user.id,
    summary: user.name,
    changes: [],
  })
}

/**
 * "Lupa password?": e-mails a link to the user with this address, when SMTP is configured. The caller answers the
 * same whatever happens here (the address may not exist), and does not wait for the mail. The link is on SITE_URL,
 * never on the address the request came to: anyone may send this form, with any Host or X-Forwarded-Host header,
 * and the mail must not carry a link to their site (env.server.ts requires SITE_URL with SMTP_URL). A link made is
 * logged like any other (`password_reset`, no field changed), under the form's name and the address that asked.
 */
export async function mailResetLink(email: string, ip: string | null) {
  const origin = getEnv().SITE_URL
  if (!mailConfigured() || !origin || !email || email.length > 255) return
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, name: true, email: true } })
  if (!user) return
  const recent = await prisma.passwordReset.count({
    where: { user_id: user.id, created_at: { gt: new Date(Date.now() - 3600_000) } },
  })
  if (recent >= MAILS_PER_HOUR) return
  const [{ url }, { site_name }] = await Promise.all([newLink(user.id, origin), getSettings()])
  await recordActivity({
    actor: { id: null, name: FORGOT_PASSWORD_ACTOR, ip },
    action: 'password_reset',
    resource: 'users',
    resourceId: user.id,
    summary: user.name,
  })
  await sendMail({
    to: user.email,
    subject: `Reset password ${site_name}`,
    text: [
      `Halo ${user.name},`,
      '',
      `Seseorang (semoga Anda) meminta pengaturan ulang password akun Anda di ${site_name}.`,
      `Buka tautan berikut dalam ${RESET_MINUTES} menit untuk membuat password baru:`,
      '',
      url,
      '',
      'Tautan hanya dapat dipakai sekali. Jika Anda tidak memintanya, abaikan e-mail ini: password Anda tidak berubah.',
    ].join('\n'),
  })
}
