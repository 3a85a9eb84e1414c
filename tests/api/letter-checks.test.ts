import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, baseUrl, clientAddress, expectFailure, expectSuccess } from '../support/api'
import { ROOT } from '../support/server'

/** docs/api.md "Letters": verification by code and by file, the published keys, the villager's download. */

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const NIK = '3203014508900002'
const DATA = {
  tempat_lahir: 'Cianjur',
  tanggal_lahir: '1990-08-05',
  jenis_kelamin: 'Perempuan',
  pekerjaan: 'Petani',
  alamat: 'Kampung Babakan RT 002 RW 005',
  keperluan: 'Pembukaan rekening bank',
}

/** A walk-in villager's letter, issued at once by staff. */
async function walkIn(name = 'Siti Rahmawati') {
  return expectSuccess(
    await api('POST', '/api/admin/letters', {
      token,
      json: { letter_type: 'surat-keterangan-domisili', name, nik: NIK, data: DATA },
    }),
    201,
  )
}

const verify = (code: string, address = clientAddress()) =>
  api('GET', `/api/public/letters/verify/${code}`, { headers: { 'X-Forwarded-For': address } })

async function pdfOf(id: number): Promise<Buffer> {
  const response = await fetch(`${baseUrl()}/api/admin/letters/${id}/pdf`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status).toBe(200)
  return Buffer.from(await response.arrayBuffer())
}

const verifyFile = (bytes: Buffer | null, address = clientAddress()) => {
  const form = new FormData()
  if (bytes) form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'surat.pdf')
  else form.set('other', 'x')
  return api('POST', '/api/public/letters/verify-file', { form, headers: { 'X-Forwarded-For': address } })
}

/** The README's lines that check a signature, run as written with Node against this server. */
function readmeCheck(code: string) {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const block = /<!-- letter-signature-check -->\s*```js\n([\s\S]*?)```/.exec(readme)?.[1]
  if (!block) throw new Error('README has no letter signature check')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letter-check-'))
  const file = path.join(dir, 'check-letter.mjs')
  fs.writeFileSync(file, block)
  try {
    const run = spawnSync(process.execPath, [file, baseUrl(), code], { encoding: 'utf8', timeout: 20_000 })
    return run.stdout.trim() + run.stderr.trim()
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe('verifying a letter', () => {
  it('answers the facts, berlaku, and a signature that checks out with the published key', async () => {
    const letter = await walkIn()
    expect(letter.verify_code.length).toBeGreaterThanOrEqual(10)
    expect(letter.verify_url).toBe(`${baseUrl()}/verifikasi/${letter.verify_code}`)
    const result = await verify(letter.verify_code)
    const answer = expectSuccess(result)
    expect(result.headers.get('cache-control')).toMatch(/no-store/)
    expect(Object.keys(answer).sort()).toEqual(
      [
        'issued_at',
        'key_id',
        'letter_type',
        'name',
        'nik_masked',
        'number',
        'revoked_at',
        'revoked_reason',
        'signature',
        'signed',
        'status',
        'village',
      ].sort(),
    )
    expect(answer).toMatchObject({
      number: letter.number,
      letter_type: { name: 'Surat Keterangan Domisili', slug: 'surat-keterangan-domisili' },
      name: 'Siti Rahmawati',
      nik_masked: '************0002',
      status: 'berlaku',
      revoked_at: null,
      revoked_reason: null,
      village: { url: baseUrl() },
    })
    expect(result.text).not.toContain(NIK)
    const host = new URL(baseUrl()).hostname
    expect(answer.signed).toBe(`${letter.number}|${answer.issued_at}|Siti Rahmawati|surat-keterangan-domisili|${host}`)

    const keys = await fetch(`${baseUrl()}/.well-known/letter-keys.json`)
    expect(keys.status).toBe(200)
    expect(keys.headers.get('content-type')).toMatch(/application\/json/)
    const published = (await keys.json()) as { keys: { key_id: string; alg: string; public_key: string }[] }
    expect(published.keys.length).toBeGreaterThanOrEqual(1)
    const key = published.keys.find((item) => item.key_id === answer.key_id)!
    expect(key.alg).toBe('Ed25519')
    expect(Buffer.from(key.public_key, 'base64url')).toHaveLength(32)
    const publicKey = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.public_key }, format: 'jwk' })
    const check = (text: string) =>
      crypto.verify(null, Buffer.from(text), publicKey, Buffer.from(answer.signature, 'base64url'))
    expect(check(answer.signed)).toBe(true)
    expect(check(answer.signed.replace('Siti Rahmawati', 'Siti Rahmawatl'))).toBe(false)

    // The same key answers every time (its id is a hash of it).
    expect(expectSuccess(await verify(letter.verify_code)).key_id).toBe(answer.key_id)
    // The README's few lines of Node's crypto, run as written.
    expect(readmeCheck(letter.verify_code)).toBe(`asli: ${answer.signed}`)
  })

  it('recognises the PDF byte for byte, and nothing else', async () => {
    const letter = await walkIn('Budi Santoso')
    const pdf = await pdfOf(letter.id)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const answer = expectSuccess(await verifyFile(pdf))
    expect(answer).toMatchObject({ number: letter.number, name: 'Budi Santoso', status: 'berlaku' })
    const changed = Buffer.from(pdf)
    changed[changed.length - 10] ^= 1
    expectFailure(await verifyFile(changed), 404)
    expectFailure(await verifyFile(null), 422, undefined, { File: 'File is required' })
  })

  it('says dicabut, with the reason, once staff revoke the letter', async () => {
    const letter = await walkIn('Ahmad Fauzi')
    expectSuccess(
      await api('POST', `/api/admin/letters/${letter.id}/revoke`, { token, json: { reason: 'Salah ketik alamat' } }),
    )
    const answer = expectSuccess(await verify(letter.verify_code))
    expect(answer).toMatchObject({ status: 'dicabut', revoked_reason: 'Salah ketik alamat' })
    expect(answer.revoked_at).toEqual(expect.any(String))
  })

  it('answers an unknown or malformed code with 404, and a guesser with 429 after 20', async () => {
    expectFailure(await verify('zzzzzzzzzzzzzzzz'), 404)
    expectFailure(await verify('%3Cscript%3E'), 404)
    const guesser = clientAddress()
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => verify(`guess${String(index).padStart(8, '0')}`, guesser)),
    )
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(20)
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(4)
    // The throttle holds for a right code too, and for the file.
    const letter = await walkIn('Dewi Lestari')
    expectFailure(await verify(letter.verify_code, guesser), 429)
  })
})

describe("the villager's download", () => {
  it('gives the issued letter as an attachment for the code, and 404 for a wrong code or once revoked', async () => {
    const types = expectSuccess(await api('GET', '/api/public/letter-types'))
    expect(types.map((type: { slug: string }) => type.slug)).toContain('surat-keterangan-domisili')
    const form = new FormData()
    form.set('letter_type', 'surat-keterangan-domisili')
    form.set('name', 'Rina Marlina')
    form.set('nik', NIK)
    form.set('phone', '081234567890')
    form.set('data', JSON.stringify(DATA))
    const filed = expectSuccess(
      await api('POST', '/api/public/letter-requests', { form, headers: { 'X-Forwarded-For': clientAddress() } }),
      201,
    )
    const download = (code: string) =>
      fetch(`${baseUrl()}/layanan/surat/${filed.ticket}/unduh?code=${encodeURIComponent(code)}`, {
        headers: { 'X-Forwarded-For': clientAddress() },
      })
    expect((await download(filed.tracking_code)).status).toBe(404) // not issued yet
    const list = expectSuccess(await api('GET', `/api/admin/letter-requests?search=${filed.ticket}`, { token }))
    const id = list.data.find((row: { ticket: string }) => row.ticket === filed.ticket).id
    const letter = expectSuccess(await api('POST', `/api/admin/letter-requests/${id}/issue`, { token }), 201)

    const response = await download(filed.tracking_code)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="surat-.+\.pdf"$/)
    expect(response.headers.get('cache-control')).toMatch(/no-store/)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes).toEqual(await pdfOf(letter.id))

    expect((await download('WRONGCODE1234')).status).toBe(404)
    expect((await download('')).status).toBe(404)
    expectSuccess(await api('POST', `/api/admin/letters/${letter.id}/revoke`, { token, json: { reason: 'Dicabut' } }))
    expect((await download(filed.tracking_code)).status).toBe(404)
  })
})
