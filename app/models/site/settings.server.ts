import { responseTime, selectOf, z } from '~/utils/response-shape.server'
import { prisma } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { HttpError } from '~/utils/http.server'
import { cachedRead } from '~/public-reads/read-memo.server'
import { quote, readRows } from '~/public-reads/row-reader.server'
import { isPostgres } from '~/utils/dialect.server'
import { stagedImage, writeWithImage, type StagedFile } from '~/utils/upload-pipeline.server'
import { optionalText, parseInput, requiredText } from '~/utils/validation.server'
import { recordActivity, type Actor } from '~/models/accounts/activity.server'
import { refuseGamblingSpam } from '~/models/citizen-services/spam.server'

/** The one settings row (the table holds no other). */
const ROW_ID = 1

const httpsUrl = (key: string) =>
  z.string().openapi({ description: `An \`https://\` address or empty; error key \`${key}\`.` })

/** The village's settings as `GET /api/public/settings` shows them (docs/api.md "Site settings"). */
export const settingsResponse = z
  .object({
    site_name: z.string().min(1).max(100).openapi({ description: 'Required, at most 100; error key `Site_name`.' }),
    tagline: z.string(),
    logo: z.string().nullable().openapi({ description: 'A stored image name or null' }),
    address: z.string(),
    phone: z.string().openapi({ description: 'Digits, spaces, `+`, `-`; 8 to 20 digits; error key `Phone`.' }),
    email: z.string().openapi({ description: 'A valid address or empty; error key `Email`.' }),
    whatsapp: z.string().openapi({ description: 'As `phone`; error key `Whatsapp`.' }),
    facebook: httpsUrl('Facebook'),
    instagram: httpsUrl('Instagram'),
    youtube: httpsUrl('Youtube'),
    map_url: httpsUrl('Map_url'),
    updated_at: responseTime(),
  })
  .openapi('Settings')

/** The admin's settings also hold the logo's alt text (not the public ones: docs/api.md fixes their fields). */
export const adminSettingsResponse = settingsResponse
  .extend({
    logo_alt: z.string().max(250).openapi({
      description:
        "The logo's alt text (at most 250); empty: the logo is decorative beside the site name. Error key `Logo_alt`.",
    }),
    regency_name: z
      .string()
      .max(100)
      .openapi({
        description:
          "The regency above the village (`Bandung`; at most 100): letters' letterhead reads `PEMERINTAH KABUPATEN " +
          'BANDUNG`; empty: no such line. Error key `Regency_name`; omitted in a PUT: kept.',
      }),
  })
  .openapi('AdminSettings')

export const settingsSelect = selectOf(adminSettingsResponse)

/** The contract's settings payload (docs/api.md "Site settings"). */
export type SiteSettings = {
  site_name: string
  tagline: string
  logo: string | null
  /** The logo's alt text (the admin's only: docs/api.md fixes the public settings' fields); empty: the site name. */
  logo_alt: string
  /** The regency above the village, for letters' letterhead (the admin's only); empty: none. */
  regency_name: string
  address: string
  phone: string
  email: string
  whatsapp: string
  facebook: string
  instagram: string
  youtube: string
  map_url: string
  updated_at: Date
}

/**
 * The values the SITE_* variables give an empty database. Parentheses are dropped from the phone (`(022) 123` -> `022
 * 123`), which the form would refuse.
 */
function fromEnvironment(siteName = getEnv().SITE_NAME) {
  const env = getEnv()
  return {
    site_name: siteName.slice(0, 100),
    address: env.SITE_ADDRESS,
    phone: env.SITE_PHONE.replace(/[()]/g, '').replace(/\s+/g, ' ').trim(),
    email: env.SITE_EMAIL,
  }
}

/** Start-up: the SITE_* variables fill the row only when there is none; afterwards the admin's values win. */
export async function fillSettingsIfEmpty(siteName?: string) {
  const existing = await prisma.siteSetting.findUnique({ where: { id: ROW_ID }, select: { site_name: true } })
  if (!existing) await prisma.siteSetting.create({ data: { id: ROW_ID, ...fromEnvironment(siteName) } })
}

async function readSettings(): Promise<SiteSettings> {
  // By the public reader, as the public pages are: a village's first request needs no Prisma client (decision 055).
  const [row] = await readRows<SiteSettings>(
    `SELECT ${Object.keys(settingsSelect).map(quote).join(', ')} FROM "site_settings" WHERE "id" = ${isPostgres() ? '$1' : '?'}`,
    [ROW_ID],
  )
  // Never missing after start-up; should it be (a database restored without the row), the variables stand in.
  return (
    row ?? {
      tagline: '',
      logo: null,
      logo_alt: '',
      regency_name: '',
      whatsapp: '',
      facebook: '',
      instagram: '',
      youtube: '',
      map_url: '',
      updated_at: new Date(0),
      ...fromEnvironment(),
    }
  )
}

/** The settings, read once per data version (every write bumps it, so a saved change shows on the next request). */
export const getSettings = () => cachedRead('site-settings', readSettings)

/** `GET /api/public/settings`: the fields docs/api.md lists, without the admin's own (the logo's alt text). */
export async function getPublicSettings(): Promise<Omit<SiteSettings, 'logo_alt' | 'regency_name'>> {
  const { logo_alt: _alt, regency_name: _regency, ...settings } = await getSettings()
  return settings
}

/** Digits, spaces, `+` and `-`, with 8 to 20 digits; empty means none. */
function phoneNumber(label: string) {
  return optionalText(label, 30).refine(
    (value) => value === '' || (/^[\d\s+-]+$/.test(value) && /^\d{8,20}$/.test(value.replace(/\D/g, ''))),
    `${label} may only contain digits, spaces, + and - and must have 8 to 20 digits`,
  )
}

/** An `https://` address; empty means none. */
function httpsAddress(label: string) {
  return optionalText(label, 500).refine((value) => {
    if (value === '') return true
    try {
      const url = new URL(value)
      return url.protocol === 'https:' && !!url.hostname && !/\s/.test(value)
    } catch {
      return false
    }
  }, `${label} must be an https:// address`)
}

export const schema = z.object({
  site_name: requiredText('Site_name', 100),
  tagline: optionalText('Tagline', 200),
  address: optionalText('Address', 500),
  phone: phoneNumber('Phone'),
  email: optionalText('Email', 255).refine(
    (value) => value === '' || z.string().email().safeParse(value).success,
    'Email is not a valid email address',
  ),
  whatsapp: phoneNumber('Whatsapp'),
  facebook: httpsAddress('Facebook'),
  instagram: httpsAddress('Instagram'),
  youtube: httpsAddress('Youtube'),
  map_url: httpsAddress('Map_url'),
  logo_alt: optionalText('Logo_alt', 250),
  // Omitted (the original client, which does not know it): kept as it is.
  regency_name: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value === null ? '' : value),
    z
      .string({ invalid_type_error: 'Regency_name must be text' })
      .max(100, 'Regency_name may not be longer than 100 characters')
      .optional(),
  ),
  // `remove_logo=1` in a form; in JSON also true or 1 (0, false or nothing keep the logo).
  remove_logo: z
    .preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z
        .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false', 'on'])], {
          errorMap: () => ({ message: 'Remove_logo must be 1 or 0' }),
        })
        .optional(),
    )
    .transform((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on'),
})

/** Upload problems are reported on the `Image` key by the upload pipeline; here the file is the `Logo`. */
export function asLogoError(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.errors?.Image) return error
  const { Image: message, ...rest } = error.errors
  return new HttpError(error.status, error.message, { ...rest, Logo: message.replace(/^Image/, 'Logo') }, error.headers)
}

const EDITABLE = [
  'site_name',
  'tagline',
  'logo_alt',
  'regency_name',
  'address',
  'phone',
  'email',
  'whatsapp',
  'facebook',
  'instagram',
  'youtube',
  'map_url',
] as const

/**
 * Saves the settings (a full form: a missing field is emptied, like every PUT of the contract), with an optional
 * new `logo` (through the upload pipeline, width copies included) or `remove_logo`; a `logo` that is not a file (a
 * JSON client sending back the stored name) keeps the logo. The activity log names the fields that changed. Text that
 * promotes online gambling is refused before anything is stored (app/models/citizen-services/spam.server.ts).
 */
export async function updateSettings(input: Record<string, unknown>, actor: Actor): Promise<SiteSettings> {
  const file: StagedFile | undefined = stagedImage({ image: input.logo })
  const { remove_logo, ...fields } = parseInput(schema, input)
  await refuseGamblingSpam(actor, { resource: 'settings' }, fields)
  let saved: { settings: SiteSettings; changes: string[] }
  try {
    saved = await writeWithImage('settings', file, async (logo) => {
      const before = await prisma.siteSetting.findUnique({ where: { id: ROW_ID }, select: settingsSelect })
      const nextLogo = logo ?? (remove_logo ? null : (before?.logo ?? null))
      const settings = await prisma.siteSetting.upsert({
        where: { id: ROW_ID },
        create: { id: ROW_ID, ...fields, logo: nextLogo },
        update: { ...fields, logo: nextLogo },
        select: settingsSelect,
      })
      const changes: string[] = EDITABLE.filter((name) => before?.[name] !== settings[name])
      if ((before?.logo ?? null) !== settings.logo) changes.push('logo')
      return { result: { settings, changes }, replaced: before?.logo !== settings.logo ? before?.logo : null }
    })
  } catch (error) {
    throw asLogoError(error)
  }
  await recordActivity({
    actor,
    action: 'settings_update',
    resource: 'settings',
    summary: saved.settings.site_name,
    changes: saved.changes,
  })
  return saved.settings
}
