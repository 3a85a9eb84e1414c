import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { LOG_LEVELS } from '../../server/log.mjs'
import { storageConfig } from '../../server/storage.mjs'
import { DEFAULT_TIME_ZONE, isTimeZone } from '~/lib/zoned-time'

export type StorageConfig = ReturnType<typeof storageConfig>

/** Reads `1/0/true/false/yes/no/on/off`; anything else is a configuration error. */
const flag = (fallback: boolean) =>
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

const optionalText = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? fallback : value.trim()))

const schema = z.object({
  // `npm run dev` sets development; anything else (npm start, node server.mjs, the container) runs as production.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  DATABASE_URL: optionalText('file:./data/balai-desa.db').refine(
    (value) => (value.startsWith('file:') && value.length > 'file:'.length) || /^postgres(ql)?:\/\/[^\s]+$/i.test(value),
    'must be a SQLite file such as file:./data/balai-desa.db or a PostgreSQL address such as postgresql://user:password@host:5432/balai',
  ),
  /** Connections each server process may open to PostgreSQL. */
  DATABASE_POOL: optionalText('10').pipe(z.coerce.number().int().min(2).max(100)),
  /** Worker processes serving requests (server.mjs); 1 is a single process. */
  WEB_CONCURRENCY: optionalText(String(os.availableParallelism())).pipe(z.coerce.number().int().min(1).max(64)),
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
  TRUST_PROXY: optionalText('0').refine(
    (value) => /^\d{1,2}$/.test(value),
    'must be the number of reverse proxies in front of the server: 0 when visitors reach it directly, 1 behind one nginx or Caddy',
  ).transform(Number),
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
  /** The village's time zone: the admin's publish times are entered and shown in it. */
  TZ: optionalText(DEFAULT_TIME_ZONE)
    .transform((value) => value.replace(/^:/, ''))
    .refine(isTimeZone, 'must be a time zone such as Asia/Jakarta, Asia/Makassar or Asia/Jayapura'),
})

/** Every variable the server reads (README's configuration table and .env.example document each one). */
export const ENV_NAMES = Object.keys(schema.shape)

export type Env = Omit<z.infer<typeof schema>, 'JWT_SECRET' | 'TOKEN_TTL'> & {
  JWT_SECRET: string
  /** Where the secret was read from when JWT_SECRET is not set (null when it is). */
  JWT_SECRET_FILE: string | null
  /** True when this start generated that file. */
  JWT_SECRET_GENERATED: boolean
  /** Token lifetime in seconds. */
  TOKEN_TTL: number
  DATABASE_PROVIDER: 'sqlite' | 'postgresql'
  /** The SQLite file ('' on PostgreSQL). */
  DATABASE_FILE: string
  /** Where the data lives, for the start-up line: the SQLite file, or the PostgreSQL address without its password. */
  DATABASE_LABEL: string
  STORAGE: StorageConfig
  DATA_DIR: string
  UPLOADS_DIR: string
}

export class ConfigError extends Error {
  name = 'ConfigError'
}

function ttlSeconds(value: string): number {
  const match = /^(\d+)\s*(s|m|h|d)?$/.exec(value)!
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd']
  return Number(match[1]) * unit
}

/**
 * Without JWT_SECRET a random one is generated once and kept next to the database (`.jwt-secret`, readable by
 * the server's user only), so tokens survive restarts and no install ever signs with a default. Several processes
 * starting at once agree on one: the file appears whole or not at all (written aside, then linked into place).
 */
export function persistedSecret(dataDir: string): { secret: string; generated: boolean } {
  const file = path.join(dataDir, '.jwt-secret')
  const read = () => {
    const existing = fs.readFileSync(file, 'utf8').trim()
    if (existing.length < 32) throw new ConfigError(`Invalid configuration: ${file} holds no usable secret (delete it to generate a new one, or set JWT_SECRET)`)
    return existing
  }
  if (fs.existsSync(file)) return { secret: read(), generated: false }
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = crypto.randomBytes(48).toString('base64url')
  const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`
  fs.writeFileSync(aside, secret + '\n', { mode: 0o600 })
  try {
    fs.linkSync(aside, file)
    return { secret, generated: true }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return { secret: read(), generated: false }
  } finally {
    fs.rmSync(aside, { force: true })
  }
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const value = result.data
  const postgres = !value.DATABASE_URL.startsWith('file:')
  const databaseFile = postgres ? '' : path.resolve(value.DATABASE_URL.slice('file:'.length).split('?')[0])
  const dataDir = postgres ? path.resolve('data') : path.dirname(databaseFile)
  let storage: StorageConfig
  try {
    storage = storageConfig(source, path.resolve(value.UPLOADS_DIR))
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`)
  }
  let secret = source.JWT_SECRET?.trim() ?? ''
  if (secret && secret.length < 32) {
    throw new ConfigError('Invalid configuration: JWT_SECRET must be at least 32 characters')
  }
  let secretFile: string | null = null
  let secretGenerated = false
  if (value.SMTP_URL && !value.MAIL_FROM) {
    throw new ConfigError('Invalid configuration: MAIL_FROM is required when SMTP_URL is set (e.g. "Desa Sukamaju <noreply@sukamaju.desa.id>")')
  }
  // The e-mailed reset links are built from SITE_URL alone: taken from the request, anyone could have the site mail
  // a genuine link to an address of their choosing ("Lupa password?" with a forged Host header).
  if (value.SMTP_URL && !value.SITE_URL) {
    throw new ConfigError(
      'Invalid configuration: SITE_URL is required when SMTP_URL is set: the password reset links "Lupa password?" e-mails are built from it (e.g. https://sukamaju.desa.id)',
    )
  }
  if (!secret) {
    const persisted = persistedSecret(dataDir)
    secret = persisted.secret
    secretFile = path.join(dataDir, '.jwt-secret')
    secretGenerated = persisted.generated
  }
  return {
    ...value,
    JWT_SECRET: secret,
    JWT_SECRET_FILE: secretFile,
    JWT_SECRET_GENERATED: secretGenerated,
    TOKEN_TTL: ttlSeconds(value.TOKEN_TTL),
    DATABASE_PROVIDER: postgres ? 'postgresql' : 'sqlite',
    DATABASE_FILE: databaseFile,
    DATABASE_LABEL: postgres ? withoutPassword(value.DATABASE_URL) : databaseFile,
    STORAGE: storage,
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.resolve(value.UPLOADS_DIR),
  }
}

function withoutPassword(url: string) {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgresql://(unreadable address)'
  }
}

let cached: Env | undefined

/** The environment, parsed once on first use (the server calls it at start-up so a bad value stops it there). */
export function getEnv(): Env {
  cached ??= parseEnv()
  return cached
}
