import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import { checkEnv, ConfigError, ENV_NAMES, envSchema } from '#core/env.mjs'
import type { storageConfig } from '#core/storage.mjs'

// The variables and their check live in core/env.mjs (plain JavaScript: `npm start` checks them before it
// migrates or builds); this completes them for the app.
export { ConfigError, ENV_NAMES }

export type StorageConfig = ReturnType<typeof storageConfig>

export type Env = Omit<z.infer<typeof envSchema>, 'JWT_SECRET' | 'TOKEN_TTL'> & {
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
export function persistedSecret(
  dataDir: string,
  fileName = '.jwt-secret',
  variable = 'JWT_SECRET',
): { secret: string; generated: boolean } {
  const file = path.join(dataDir, fileName)
  const read = () => {
    const existing = fs.readFileSync(file, 'utf8').trim()
    if (existing.length < 32)
      throw new ConfigError(
        `Invalid configuration: ${file} holds no usable secret (delete it to generate a new one, or set ${variable})`,
      )
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
  const { value, storage, secret: given } = checkEnv(source)
  const postgres = !value.DATABASE_URL.startsWith('file:')
  const databaseFile = postgres ? '' : path.resolve(value.DATABASE_URL.slice('file:'.length).split('?')[0])
  const dataDir = postgres ? path.resolve('data') : path.dirname(databaseFile)
  let secret = given
  let secretFile: string | null = null
  let secretGenerated = false
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
