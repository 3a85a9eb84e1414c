import crypto from 'node:crypto'
import { getEnv, persistedSecret } from '~/utils/config.server'

/**
 * The NIK of a letter request or a letter is kept sealed (docs/decisions/073-what-a-stolen-database-tells.md):
 * AES-256-GCM under a key derived from LETTER_DATA_KEY, or, when that is not set, from a secret generated once in
 * `.letter-data-key` in the data folder (as JWT_SECRET is: config.server.ts persistedSecret). The key is never in the
 * repository or the database, so a stolen database file holds only ciphertext and each NIK's last four digits.
 */

let cached: { source: string; key: Buffer } | undefined

function dataKey(): Buffer {
  const env = getEnv()
  const source = env.LETTER_DATA_KEY || persistedSecret(env.DATA_DIR, '.letter-data-key', 'LETTER_DATA_KEY').secret
  if (cached?.source !== source)
    cached = {
      source,
      key: Buffer.from(crypto.hkdfSync('sha256', source, 'balai-desa', 'letters: NIK at rest', 32)),
    }
  return cached.key
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url) of `nik`; '' for ''. */
export function sealNik(nik: string): string {
  if (!nik) return ''
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', dataKey(), iv)
  const sealed = Buffer.concat([cipher.update(nik, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The NIK of a sealed value, or null when it is empty, damaged or sealed under another key. */
export function openNik(sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) return null
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', dataKey(), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
