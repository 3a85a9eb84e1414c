import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ensureLetterKey, keyIdOf, signedLetterText } from '~/models/citizen-services/letter-keys.server'

/** The village's letter key (docs/decisions/076-letter-signing-keys.md): made once, kept private, named by itself. */

const dirs: string[] = []
const tempDir = () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'letter-keys-')), 'letter-keys')
  dirs.push(path.dirname(dir))
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('ensureLetterKey', () => {
  it('makes an Ed25519 key once, readable by the server alone, and gives the same one afterwards', () => {
    const dir = tempDir()
    const first = ensureLetterKey(dir, 'site')
    const file = path.join(dir, 'site.pem')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/)
    const again = ensureLetterKey(dir, 'site')
    expect(again.publicKey).toBe(first.publicKey)
    expect(again.keyId).toBe(first.keyId)
    expect(first.keyId).toBe(keyIdOf(first.publicKey))
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(32)
    // No file left aside by the atomic write.
    expect(fs.readdirSync(dir)).toEqual(['site.pem'])
  })

  it('gives each village a key of its own', () => {
    const dir = tempDir()
    expect(ensureLetterKey(dir, 'village-a').keyId).not.toBe(ensureLetterKey(dir, 'village-b').keyId)
  })

  it('refuses a damaged key file rather than sign with another key', () => {
    const dir = tempDir()
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'site.pem'), 'not a key')
    expect(() => ensureLetterKey(dir, 'site')).toThrow(/no usable letter key/)
  })

  it("signs what Node's own crypto checks with the published public key", () => {
    const key = ensureLetterKey(tempDir(), 'site')
    const signed = signedLetterText({
      number: '470/007/XII/2026',
      issuedAt: '2026-12-06T02:30:00.000Z',
      name: 'Siti Rahmawati',
      letterTypeSlug: 'surat-keterangan-domisili',
      host: 'desa-sukamaju.id',
    })
    expect(signed).toBe(
      '470/007/XII/2026|2026-12-06T02:30:00.000Z|Siti Rahmawati|surat-keterangan-domisili|desa-sukamaju.id',
    )
    const signature = crypto.sign(null, Buffer.from(signed), key.privateKey).toString('base64url')
    const publicKey = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.publicKey }, format: 'jwk' })
    expect(crypto.verify(null, Buffer.from(signed), publicKey, Buffer.from(signature, 'base64url'))).toBe(true)
    expect(crypto.verify(null, Buffer.from(signed + 'x'), publicKey, Buffer.from(signature, 'base64url'))).toBe(false)
  })
})
