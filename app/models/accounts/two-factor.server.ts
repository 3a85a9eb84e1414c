import crypto from 'node:crypto'
import { renderSVG } from 'uqr'
import { z } from 'zod'
import { prisma, serializeWrite } from '~/utils/db.server'
import { conflict, notFound, validationError } from '~/utils/http.server'
import { matchingStep, newSecret, otpauthUrl } from '~/utils/totp.server'
import { optionalText, parseInput } from '~/utils/validation.server'
import { recordActivity, type Actor } from './activity.server'
import { getSettings } from '~/models/site/settings.server'
import { checkPassword } from './user.server'

/** Two-factor login (TOTP) of one user: setup, enable with recovery codes, disable, and the check at login. */

export const RECOVERY_CODE_COUNT = 10

const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex')

/** `abcde-fghij`: 10 characters of an alphabet without look-alikes (no 0/o, 1/l/i). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const bytes = crypto.randomBytes(10)
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/** How a typed recovery code is compared: case, spaces and the dash do not matter. */
const normaliseRecoveryCode = (code: string) => {
  const letters = code.toLowerCase().replace(/[\s-]/g, '')
  return letters.length === 10 ? `${letters.slice(0, 5)}-${letters.slice(5)}` : letters
}

async function twoFactorState(userId: number) {
  const row = await prisma.user.findUnique({
    where: { id: userId },
    select: { username: true, two_factor_enabled: true, two_factor_secret: true },
  })
  if (!row) throw notFound('User')
  return row
}

/**
 * Starts a setup: a new secret, not active until `enableTwoFactor` confirms a code made from it. While two-factor
 * login is on, a new setup is refused (409): turn it off first.
 */
export async function beginTwoFactorSetup(userId: number) {
  const secret = newSecret()
  const username = await serializeWrite(async () => {
    const state = await twoFactorState(userId)
    if (state.two_factor_enabled) throw conflict('Two-factor login is already on; turn it off first')
    await prisma.user.update({ where: { id: userId }, data: { two_factor_secret: secret } })
    return state.username
  })
  const { site_name } = await getSettings()
  return { secret, otpauth_url: otpauthUrl(secret, username, site_name) }
}

/** The QR code of an otpauth address as SVG markup, drawn here (no outside service sees the secret). */
export const qrSvg = (text: string) => renderSVG(text, { ecc: 'M', border: 2 })

/** `{code}`: the six digits as text (a JSON number is a 422 `Code`, decision 030: it may have lost a leading 0). */
const enableInput = z.object({ code: optionalText('Code', 64) })

/** `{password}`: the account's password, as text. */
const disableInput = z.object({
  password: z.preprocess(
    (value) => value ?? '',
    z.string({ invalid_type_error: 'Password must be text' }).min(1, 'Password is required'),
  ),
})

/**
 * Turns two-factor login on once the body's `code` is right for the secret of the setup (422 `Code` otherwise);
 * answers the 10 recovery codes, which are shown this once (only their hashes are kept).
 */
export async function enableTwoFactor(userId: number, input: unknown, actor: Actor) {
  const typed = parseInput(enableInput, input).code.replace(/\s/g, '')
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await serializeWrite(async () => {
    const state = await twoFactorState(userId)
    if (state.two_factor_enabled) throw conflict('Two-factor login is already on')
    if (!state.two_factor_secret) throw validationError({ Code: 'Start the two-factor setup first' })
    const step = typed ? matchingStep(state.two_factor_secret, typed) : null
    if (step === null) throw validationError({ Code: typed ? 'Code is not valid' : 'Code is required' })
    await prisma.user.update({
      where: { id: userId },
      data: {
        two_factor_enabled: true,
        two_factor_last_step: step,
        recovery_codes: { deleteMany: {}, create: codes.map((recovery) => ({ code_hash: hashCode(recovery) })) },
      },
    })
  })
  await recordActivity({ actor, action: 'two_factor_on', resource: 'users', resourceId: userId, summary: actor.name })
  return { recovery_codes: codes }
}

/**
 * Turns two-factor login off, given the account's password in the body (422 `Password` otherwise); forgets the secret
 * and the codes.
 */
export async function disableTwoFactor(userId: number, input: unknown, actor: Actor) {
  const { password } = parseInput(disableInput, input)
  if (!(await checkPassword(userId, password))) throw validationError({ Password: 'Password is wrong' })
  const wasOn = await serializeWrite(async () => {
    const before = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { two_factor_enabled: true } })
    await prisma.user.update({
      where: { id: userId },
      data: {
        two_factor_enabled: false,
        two_factor_secret: null,
        two_factor_last_step: 0,
        recovery_codes: { deleteMany: {} },
      },
    })
    return before.two_factor_enabled
  })
  // Turning off what was already off (a setup never confirmed is simply dropped) is no event of the log.
  if (wasOn)
    await recordActivity({
      actor,
      action: 'two_factor_off',
      resource: 'users',
      resourceId: userId,
      summary: actor.name,
    })
}

/**
 * The second factor at login: a code from the app for the current step or one step either side, newer than the last
 * one accepted (so a code cannot be used twice), or an unused recovery code (which is then spent). True when accepted.
 */
export async function acceptSecondFactor(userId: number, code: string): Promise<boolean> {
  const typed = code.trim()
  if (/^\d{3}\s?\d{3}$/.test(typed)) {
    const digits = typed.replace(/\s/g, '')
    // The last step is a column of users (its triggers move the data version: a login with a code is rare);
    // recovery codes have no trigger.
    return serializeWrite(async () => {
      const row = await prisma.user.findUnique({
        where: { id: userId },
        select: { two_factor_secret: true, two_factor_last_step: true },
      })
      const step = row?.two_factor_secret ? matchingStep(row.two_factor_secret, digits) : null
      if (step === null || step <= row!.two_factor_last_step) return false
      const { count } = await prisma.user.updateMany({
        where: { id: userId, two_factor_last_step: { lt: step } },
        data: { two_factor_last_step: step },
      })
      return count === 1
    })
  }
  const hash = hashCode(normaliseRecoveryCode(typed))
  return serializeWrite(
    async () => (await prisma.recoveryCode.deleteMany({ where: { user_id: userId, code_hash: hash } })).count === 1,
  )
}

/** How many recovery codes the user has left (shown on Akun Saya). */
export const recoveryCodesLeft = (userId: number) => prisma.recoveryCode.count({ where: { user_id: userId } })
