import crypto from 'node:crypto'

/**
 * Time-based one-time passwords as RFC 6238 and the authenticator apps (Google Authenticator, Aegis, 2FAS) use
 * them: HMAC-SHA-1, 6 digits, 30-second steps, a base32 secret of 160 bits.
 */

export const STEP_SECONDS = 30
export const DIGITS = 6
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
  return out
}

/** Reads base32 as apps show it: any case, spaces and padding ignored. Null for anything else. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  if (!/^[A-Z2-7]*$/.test(clean)) return null
  const bytes: number[] = []
  let bits = 0
  let value = 0
  for (const char of clean) {
    value = (value << 5) | ALPHABET.indexOf(char)
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** A new random secret (20 bytes, as RFC 4226 recommends), in base32. */
export const newSecret = () => base32Encode(crypto.randomBytes(20))

/** The 30-second step a moment falls in. */
export const stepAt = (timeMs: number) => Math.floor(timeMs / 1000 / STEP_SECONDS)

/** HOTP (RFC 4226) of one counter value. */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const digest = crypto.createHmac('sha1', key).update(message).digest()
  const offset = digest[digest.length - 1] & 0xf
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0')
}

export const totpAt = (secret: string, timeMs: number) => hotp(base32Decode(secret) ?? Buffer.alloc(0), stepAt(timeMs))

/**
 * The step whose code `code` is, among the current step and one step either side (clock drift), or null.
 * Compared in constant time.
 */
export function matchingStep(secret: string, code: string, timeMs = Date.now()): number | null {
  const key = base32Decode(secret)
  if (!key || !/^\d{6}$/.test(code)) return null
  const now = stepAt(timeMs)
  for (const step of [now, now - 1, now + 1]) {
    if (crypto.timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step
  }
  return null
}

/** The address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`)
  // Percent-encoded (not `+` for spaces, which some apps would show as is).
  const params = { secret, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: String(STEP_SECONDS) }
  const query = Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&')
  return `otpauth://totp/${label}?${query}`
}
