import { describe, expect, it } from 'vitest'
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newSecret,
  otpauthUrl,
  stepAt,
  totpAt,
} from '~/utils/totp.server'

// RFC 6238 appendix B: the SHA-1 secret is the ASCII of "12345678901234567890"; the vectors are 8 digits, of which
// a 6-digit code is the last six.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'))
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
]

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives the last six digits of %s', (seconds, code) => {
    expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6))
  })

  it('matches HOTP of RFC 4226 appendix D', () => {
    const key = Buffer.from('12345678901234567890')
    expect([0, 1, 2, 9].map((counter) => hotp(key, counter))).toEqual(['755224', '287082', '359152', '520489'])
  })

  it('accepts the current step and one step either side, and nothing further', () => {
    const now = 1_700_000_000_000
    const step = stepAt(now)
    for (const offset of [-1, 0, 1])
      expect(matchingStep(RFC_SECRET, totpAt(RFC_SECRET, now + offset * 30_000), now)).toBe(step + offset)
    for (const offset of [-2, 2])
      expect(matchingStep(RFC_SECRET, totpAt(RFC_SECRET, now + offset * 30_000), now)).toBeNull()
    expect(matchingStep(RFC_SECRET, '12345', now)).toBeNull()
    expect(matchingStep(RFC_SECRET, 'abcdef', now)).toBeNull()
  })

  it('makes 160-bit base32 secrets that read back as written, in any case and with spaces', () => {
    const secret = newSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Decode(secret)).toHaveLength(20)
    expect(base32Decode(secret.toLowerCase().replace(/(.{4})/g, '$1 '))!.equals(base32Decode(secret)!)).toBe(true)
    expect(base32Decode('not base32!')).toBeNull()
  })

  it('writes the otpauth address apps read, percent-encoded', () => {
    expect(otpauthUrl('JBSWY3DPEHPK3PXP', 'admin', 'Desa Uji Coba')).toBe(
      'otpauth://totp/Desa%20Uji%20Coba%3Aadmin?secret=JBSWY3DPEHPK3PXP' +
        '&issuer=Desa%20Uji%20Coba&algorithm=SHA1&digits=6&period=30',
    )
  })
})
