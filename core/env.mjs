// The server's configuration: every variable it reads, and the check of their values. Plain JavaScript, so that
// `npm start` (scripts/start.mjs) refuses a bad value before it migrates or builds; app/utils/config.server.ts
// completes the values for the app (the generated JWT secret, paths, the database's kind).
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_TIME_ZONE, isTimeZone } from './time-zone.js'
import { LOG_LEVELS } from './log.mjs'
import { storageConfig } from './storage.mjs'

export class ConfigError extends Error {
  name = 'ConfigError'
}

/** Reads `1/0/true/false/yes/no/on/off`; anything else is a configuration error. */
/** @param {boolean} fallback */
const flag = (fallback) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback
      if (['1', 'true', 'yes', 'on'].includes(value)) return true
      if (['0', 'false', 'no', 'off'].includes(value)) return false
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be true or false' })
      return z.NEVER
    })

/** @param {string} fallback */
const optionalText = (fallback) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? fallback : value.trim()))

export const envSchema = z.object({
  // `npm run dev` sets development; anything else (npm start, node server.mjs, the container) runs as production.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  DATABASE_URL: optionalText('file:./data/balai-desa.db').refine(
    (value) =>
      (value.startsWith('file:') && value.length > 'file:'.length) || /^postgres(ql)?:\/\/[^\s]+$/i.test(value),
    'must be a SQLite file such as file:./data/balai-desa.db or a ' +
      'PostgreSQL address such as postgresql://user:password@host:5432/balai',
  ),
  /** Connections each server process may open to PostgreSQL. */
  DATABASE_POOL: optionalText('10').pipe(z.coerce.number().int().min(2).max(100)),
  /** Worker processes serving requests (server.mjs); 1 is a single process. */
  WEB_CONCURRENCY: optionalText(String(os.availableParallelism())).pipe(z.coerce.number().int().min(1).max(64)),
  /**
   * Memory per worker for the public searches' copy of each list's searched text
   * (app/public-reads/search-copy.server.ts).
   */
  SEARCH_MEMORY_MB: optionalText('16').pipe(z.coerce.number().min(0).max(1024)),
  UPLOADS_DIR: optionalText('./uploads'),
  PORT: optionalText('3000').pipe(z.coerce.number().int().min(1).max(65535)),
  JWT_SECRET: z.string().optional(),
  TOKEN_TTL: optionalText('7d').refine(
    (value) => /^\d+\s*(s|m|h|d)?$/.test(value),
    'must be a duration such as 3600, 90m, 12h or 7d',
  ),
  CORS_ORIGINS: optionalText('*'),
  SEED_ADMIN_PASSWORD: optionalText('password'),
  SEED_USER_PASSWORD: optionalText('password'),
  SEED_DEMO: flag(true),
  SITE_NAME: optionalText('Desa Sukamaju'),
  SITE_URL: optionalText('').refine(
    (value) => value === '' || /^https?:\/\/[^\s/]+(\/.*)?$/.test(value),
    'must be an absolute http(s) address such as https://sukamaju.desa.id',
  ),
  SITE_ADDRESS: optionalText('Jl. Raya Sukamaju No. 1, Kecamatan Sukamaju, Kabupaten Sejahtera, Jawa Barat 40000'),
  SITE_PHONE: optionalText('022 123-4567'),
  SITE_EMAIL: optionalText('info@sukamaju.desa.id'),
  // A count, never "trust everything": with N proxies in front, the client is the address the outermost one saw.
  TRUST_PROXY: optionalText('0')
    .refine(
      (value) => /^\d{1,2}$/.test(value),
      'must be the number of reverse proxies in front of the server: ' +
        '0 when visitors reach it directly, 1 behind one nginx or Caddy',
    )
    .transform(Number),
  LOG_LEVEL: optionalText('info')
    .transform((value) => value.toLowerCase())
    .refine((value) => LOG_LEVELS.includes(value), `must be one of ${LOG_LEVELS.join(', ')}`),
  LOG_REQUESTS: flag(true),
  SMTP_URL: optionalText('').refine(
    (value) => value === '' || /^smtps?:\/\/[^\s]+$/.test(value),
    'must be an smtp:// or smtps:// address such as smtps://user:password@mail.example.com:465',
  ),
  MAIL_FROM: optionalText(''),
  ACTIVITY_RETENTION_DAYS: optionalText('365').pipe(z.coerce.number().int().min(1).max(36500)),
  /** Citizens' reports closed longer than this lose their name, phone, e-mail and photo (the daily clean-up). */
  REPORT_CONTACT_RETENTION_DAYS: optionalText('365').pipe(z.coerce.number().int().min(1).max(36500)),
  /** Letter requests ended (selesai, ditolak) longer than this lose the NIK, contact, data and attachments. */
  LETTER_DATA_RETENTION_DAYS: optionalText('365').pipe(z.coerce.number().int().min(1).max(36500)),
  /**
   * The key that seals the NIKs of letters (decision 073): at least 32 characters; empty: generated once in
   * `.letter-data-key` in the data folder, as JWT_SECRET is. Never in the repository or the database.
   */
  LETTER_DATA_KEY: optionalText('').refine(
    (value) => value === '' || value.length >= 32,
    'LETTER_DATA_KEY must be at least 32 characters',
  ),
  /**
   * Many villages in one install (docs/api.md "Many villages in one install", decision 055): the regency's host name.
   * Empty: one village, as always.
   */
  REGENCY_HOST: optionalText('')
    .transform((value) => value.toLowerCase().replace(/\.$/, ''))
    .refine(
      (value) =>
        value === '' || /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z]([a-z0-9-]*[a-z0-9])?$/.test(value),
      'must be a host name without a port, such as kab.example.id',
    ),
  /** The regency account `kabupaten`'s password at its first start (REGENCY_HOST). */
  SEED_REGENCY_PASSWORD: optionalText('password'),
  /** Village databases each process keeps open at once (REGENCY_HOST); the least recently used close first. */
  VILLAGE_HANDLES: optionalText('64').pipe(z.coerce.number().int().min(2).max(10000)),
  /**
   * The largest village archive the regency's import takes (REGENCY_HOST), in MB; unpacking it may write 4 times as
   * much at most, and `npm run restore` unpacks each site's archive under that cap too (decision 063).
   */
  IMPORT_MAX_MB: optionalText('512').pipe(z.coerce.number().int().min(1).max(16384)),
  /**
   * PDFs that may wait for the PDF worker while it reads another (decision 065): one more upload is a 503 with
   * Retry-After at once, rather than a queue every village's uploads wait behind without end.
   */
  PDF_QUEUE_MAX: optionalText('8').pipe(z.coerce.number().int().min(0).max(1000)),
  /** The village's time zone: the admin's publish times are entered and shown in it. */
  TZ: optionalText(DEFAULT_TIME_ZONE)
    .transform((value) => value.replace(/^:/, ''))
    .refine(isTimeZone, 'must be a time zone such as Asia/Jakarta, Asia/Makassar or Asia/Jayapura'),
})

/** Every variable the server reads (README's configuration table and .env.example document each one). */
export const ENV_NAMES = Object.keys(envSchema.shape)

/**
 * The environment's values, checked: the parsed values and the uploads' storage, or a ConfigError naming every
 * bad variable. Writes nothing (the JWT secret is generated later, by the app), so it may run before anything else.
 * @param {NodeJS.ProcessEnv} source
 */
export function checkEnv(source = process.env) {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const value = result.data
  /** @type {ReturnType<typeof storageConfig>} */
  let storage
  try {
    storage = storageConfig(source, path.resolve(value.UPLOADS_DIR))
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${/** @type {Error} */ (error).message}`)
  }
  const secret = source.JWT_SECRET?.trim() ?? ''
  if (secret && secret.length < 32) {
    throw new ConfigError('Invalid configuration: JWT_SECRET must be at least 32 characters')
  }
  if (value.SMTP_URL && !value.MAIL_FROM) {
    throw new ConfigError(
      'Invalid configuration: MAIL_FROM is required when SMTP_URL ' +
        'is set (e.g. "Desa Sukamaju <noreply@sukamaju.desa.id>")',
    )
  }
  // The e-mailed reset links are built from SITE_URL alone: taken from the request, anyone could have the site mail
  // a genuine link to an address of their choosing ("Lupa password?" with a forged Host header).
  if (value.SMTP_URL && !value.SITE_URL) {
    throw new ConfigError(
      'Invalid configuration: SITE_URL is required when SMTP_URL is set: the password reset ' +
        'links "Lupa password?" e-mails are built from it (e.g. https://sukamaju.desa.id)',
    )
  }
  return { value, storage, secret }
}
