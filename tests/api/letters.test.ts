import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, inject, it, vi } from 'vitest'
import {
  adminToken,
  api,
  baseUrl,
  expectFailure,
  expectSuccess,
  login,
  unique,
  userWithPermissions,
} from '../support/api'
import { jpeg } from '../support/content'
import { pdfText } from '../support/letter-pdf-text'
import { onPostgres, queryDb, startServer, type TestServer } from '../support/server'

// One test restarts a server of its own: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/** docs/api.md "Letters": types, requests, tracking, the queue, issuing and numbering, the register, privacy. */

let token: string
let type: { id: number; slug: string; code: string }

const db = () => {
  const dir = inject('serverDir')
  return {
    dbFile: path.join(dir, 'data', 'test.db'),
    databaseUrl: onPostgres() ? fs.readFileSync(path.join(dir, 'database-url'), 'utf8') : '',
  }
}
const privateFiles = () => {
  const dir = path.join(inject('serverDir'), 'uploads', 'private', 'letters')
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.startsWith('.')) : []
}

/** A client address of its own (the throttles count per address): a random IPv6 /64 of the documentation prefix. */
const address = () =>
  `2001:db8:${crypto.randomInt(0, 0x10000).toString(16)}:${crypto.randomInt(0, 0x10000).toString(16)}::1`

/** A NIK: Kabupaten code, a date of birth DDMMYY (a woman's day plus 40), a 4-digit number. */
const nik = (last4 = String(crypto.randomInt(1000, 10000))) => `320101${'150890'}${last4}`

const TYPE_FIELDS = [
  { key: 'alamat', label: 'Alamat', kind: 'textarea', required: true },
  { key: 'keperluan', label: 'Keperluan', kind: 'select', options: ['Bank', 'Sekolah'], required: true },
  { key: 'tanggal_lahir', label: 'Tanggal Lahir', kind: 'date', required: false },
  { key: 'umur', label: 'Umur', kind: 'number', required: false },
]

const requestFields = (overrides: Record<string, unknown> = {}) => ({
  letter_type: type.slug,
  name: 'Siti Aminah',
  nik: nik('3456'),
  phone: '0812-3456-7890',
  data: JSON.stringify({ alamat: 'RT 01 RW 02 Dusun Krajan', keperluan: 'Bank', tanggal_lahir: '1990-08-15' }),
  ...overrides,
})

type Attachment = { data: Uint8Array | Buffer | string; name: string; type: string }

function requestForm(fields: Record<string, unknown>, attachments: Attachment[] = []) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value))
  for (const file of attachments)
    form.append(
      'attachments',
      new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type }),
      file.name,
    )
  return form
}

const fileRequest = (form: FormData, from = address()) =>
  api('POST', '/api/public/letter-requests', { form, headers: { 'X-Forwarded-For': from } })

const track = (ticket: string, code: string, from = address()) =>
  api('GET', `/api/public/letter-requests/${ticket}?code=${encodeURIComponent(code)}`, {
    headers: { 'X-Forwarded-For': from },
  })

async function filed(overrides: Record<string, unknown> = {}, attachments: Attachment[] = []) {
  return expectSuccess<{ ticket: string; tracking_code: string; status: string; due_at: string }>(
    await fileRequest(requestForm(requestFields(overrides), attachments)),
    201,
    'Letter request submitted successfully',
  )
}

async function staffRequest(ticket: string) {
  const list = expectSuccess(await api('GET', `/api/admin/letter-requests?search=${ticket}`, { token }))
  const row = list.data.find((item: { ticket: string }) => item.ticket === ticket)
  return expectSuccess(await api('GET', `/api/admin/letter-requests/${row.id}`, { token }))
}

const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

beforeAll(async () => {
  token = await adminToken()
  const aparatur = expectSuccess(
    await api('POST', '/api/admin/aparaturs', {
      token,
      json: { name: 'Ahmad Uji', position: 'Kepala Desa', description: '' },
    }),
    201,
  )
  type = expectSuccess(
    await api('POST', '/api/admin/letter-types', {
      token,
      json: {
        name: unique('Surat Keterangan Uji '),
        code: '470',
        requirements: 'Foto KTP\nFoto KK',
        fields: TYPE_FIELDS,
        body: '<p>Menerangkan bahwa {{nama}} (NIK {{nik}}) tinggal di {{alamat}} untuk {{keperluan}}, {{desa}}.</p>',
        signer_id: aparatur.id,
        sla_days: 3,
      },
    }),
    201,
    'Letter type created successfully',
  )
})

describe('letter types', () => {
  it('the demo village has the six active types, and the public list shows the active ones only', async () => {
    const list = expectSuccess(await api('GET', '/api/public/letter-types'))
    const names = list.map((item: { name: string }) => item.name)
    for (const name of [
      'Surat Keterangan Domisili',
      'Surat Keterangan Usaha',
      'Surat Keterangan Tidak Mampu',
      'Surat Pengantar SKCK',
      'Surat Keterangan Kelahiran',
      'Surat Keterangan Kematian',
    ])
      expect(names).toContain(name)
    expect(Object.keys(list[0]).sort()).toEqual(
      ['code', 'description', 'fields', 'name', 'requirements', 'sla_days', 'slug'].sort(),
    )
    const hidden = expectSuccess(
      await api('POST', '/api/admin/letter-types', {
        token,
        json: { name: unique('Tersembunyi '), code: '1', body: '<p>{{nama}}</p>', active: false },
      }),
      201,
    )
    const again = expectSuccess(await api('GET', '/api/public/letter-types'))
    expect(again.map((item: { slug: string }) => item.slug)).not.toContain(hidden.slug)
  })

  it('refuses a placeholder that names no field on Body, bad fields on Fields, a format without {nomor}', async () => {
    const refused = await api('POST', '/api/admin/letter-types', {
      token,
      json: { name: unique('Salah '), code: '470', fields: TYPE_FIELDS, body: '<p>{{nama}} di {{alamt}}</p>' },
    })
    expectFailure(refused, 422, 'Validation Errors')
    expect(refused.body.errors.Body).toMatch(/\{\{alamt\}\}/)
    const fields = await api('POST', '/api/admin/letter-types', {
      token,
      json: {
        name: unique('Salah '),
        code: '470',
        fields: [{ key: 'Alamat!', label: 'A', kind: 'text' }],
        body: '<p>x</p>',
        number_format: '{kode}/{tahun}',
      },
    })
    expect(fields.status).toBe(422)
    expect(Object.keys(fields.body.errors).sort()).toEqual(['Fields', 'Number_format'])
    const select = await api('POST', '/api/admin/letter-types', {
      token,
      json: { name: unique('Salah '), code: '1', fields: [{ key: 'a', label: 'A', kind: 'select' }], body: '<p>x</p>' },
    })
    expect(select.body.errors).toHaveProperty('Fields')
  })

  it('deletes a type no request uses, and refuses one in use with 409', async () => {
    const spare = expectSuccess(
      await api('POST', '/api/admin/letter-types', {
        token,
        json: { name: unique('Sementara '), code: '9', body: '<p>{{nama}}</p>' },
      }),
      201,
    )
    expectSuccess(await api('DELETE', `/api/admin/letter-types/${spare.id}`, { token }))
    await filed()
    expect((await api('DELETE', `/api/admin/letter-types/${type.id}`, { token })).status).toBe(409)
  })
})

describe('asking for a letter', () => {
  it('answers the ticket, a secret code, the state and the due date; attachments go to private storage', async () => {
    const picture = await jpeg(320, 240)
    const answer = await filed({}, [
      { data: picture.data, name: 'kk.jpg', type: 'image/jpeg' },
      { data: pdfBytes(), name: 'pengantar.pdf', type: 'application/pdf' },
    ])
    const year = new Date(Date.now() + 7 * 3600 * 1000).getUTCFullYear()
    expect(answer.ticket).toMatch(new RegExp(`^SRT-${year}-\\d{4}$`))
    expect(answer.tracking_code.length).toBeGreaterThanOrEqual(10)
    expect(answer.status).toBe('diajukan')
    expect(Date.parse(answer.due_at)).toBeGreaterThan(Date.now() + 2 * 24 * 3600 * 1000)
    const detail = await staffRequest(answer.ticket)
    expect(detail.nik).toBe(nik('3456'))
    expect(detail.nik_masked).toBe('************3456')
    expect(detail.attachments.map((item: { name: string; type: string }) => [item.name, item.type])).toEqual([
      ['kk.jpg', 'image/jpeg'],
      ['pengantar.pdf', 'application/pdf'],
    ])
    const file = await fetch(
      `${baseUrl()}/api/admin/letter-requests/${detail.id}/attachments/${detail.attachments[1].id}`,
      { headers: { Authorization: `Bearer ${token}` } },
    )
    expect(file.status).toBe(200)
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    expect(
      (await fetch(`${baseUrl()}/api/admin/letter-requests/${detail.id}/attachments/${detail.attachments[1].id}`))
        .status,
    ).toBe(401)
    // The NIK is sealed at rest: no column of the row holds it.
    const [row] = await queryDb<Record<string, unknown>>(db(), 'SELECT * FROM letter_requests WHERE ticket = ?', [
      answer.ticket,
    ])
    expect(JSON.stringify(row)).not.toContain(nik('3456'))
    expect(String(row.nik_sealed)).toMatch(/^v1\./)
  })

  it('refuses bad NIKs on Nik, a missing or wrong field on Data_<key>, and stores nothing', async () => {
    const before = privateFiles().length
    for (const bad of [
      '320101150890123', // 15 digits
      '32010115089012345', // 17 digits
      '32010115089O1234', // a letter
      '3201013213901234', // month 13
      '3201013202901234', // 32 February
      '3201017202901234', // a woman's 32 (72)
      '1111111111111111', // all one digit
    ]) {
      const refused = await fileRequest(requestForm(requestFields({ nik: bad })))
      expect(refused.status, bad).toBe(422)
      expect(Object.keys(refused.body.errors), bad).toEqual(['Nik'])
    }
    // A woman's day plus 40 is a valid date.
    await filed({ nik: '3201015508901234' })
    const missing = await fileRequest(
      requestForm(
        requestFields({ data: JSON.stringify({ keperluan: 'Kantor', umur: 'tiga', tanggal_lahir: '1990-02-30' }) }),
      ),
    )
    expectFailure(missing, 422, 'Validation Errors')
    expect(Object.keys(missing.body.errors).sort()).toEqual([
      'Data_alamat',
      'Data_keperluan',
      'Data_tanggal_lahir',
      'Data_umur',
    ])
    const nothing = await fileRequest(requestForm({ website: '' }))
    expect(Object.keys(nothing.body.errors).sort()).toEqual(['Contact', 'Letter_type', 'Name', 'Nik'])
    const notJson = await fileRequest(requestForm(requestFields({ data: '[1' })))
    expect(notJson.body.errors).toHaveProperty('Data')
    expect(privateFiles().length).toBe(before)
  })

  it('refuses a 6th attachment, an 11 MB one and an HTML file named .jpg on Attachments, storing nothing', async () => {
    const before = privateFiles().length
    const count = Number(
      (await queryDb<{ n: number | string }>(db(), 'SELECT COUNT(*) AS n FROM letter_requests'))[0].n,
    )
    const picture = await jpeg(64, 48)
    const six = Array.from({ length: 6 }, (_, i) => ({ data: picture.data, name: `f${i}.jpg`, type: 'image/jpeg' }))
    const tooMany = await fileRequest(requestForm(requestFields(), six))
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.errors).toHaveProperty('Attachments')
    const big = await fileRequest(
      requestForm(requestFields(), [
        { data: Buffer.alloc(11 * 1024 * 1024, 1), name: 'besar.pdf', type: 'application/pdf' },
      ]),
    )
    expect(big.status).toBe(413)
    expect(big.body.errors).toHaveProperty('Attachments')
    const html = await fileRequest(
      requestForm(requestFields(), [
        { data: pdfBytes(), name: 'ok.pdf', type: 'application/pdf' },
        { data: '<html><script>alert(1)</script></html>', name: 'foto.jpg', type: 'image/jpeg' },
      ]),
    )
    expect(html.status).toBe(422)
    expect(html.body.errors.Attachments).toMatch(/foto\.jpg/)
    expect(privateFiles().length).toBe(before)
    expect(
      Number((await queryDb<{ n: number | string }>(db(), 'SELECT COUNT(*) AS n FROM letter_requests'))[0].n),
    ).toBe(count)
  })

  it('takes markup in every text field as text, and refuses gambling spam on Name and Data_<key>', async () => {
    const markup = '<script>alert(1)</script><b>Siti</b>'
    const answer = await filed({
      name: markup,
      data: JSON.stringify({ alamat: '<img src=x onerror=alert(1)>', keperluan: 'Sekolah' }),
    })
    const tracked = expectSuccess(await track(answer.ticket, answer.tracking_code))
    expect(tracked.data.alamat).toBe('<img src=x onerror=alert(1)>')
    const detail = await staffRequest(answer.ticket)
    expect(detail.name).toBe(markup)
    // In the PDF too, as text: the full NIK there, and the markup as typed.
    const letter = expectSuccess(await api('POST', `/api/admin/letter-requests/${detail.id}/issue`, { token }), 201)
    const pdf = await fetch(`${baseUrl()}/api/admin/letters/${letter.id}/pdf`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n')
    expect(text).toContain('<script>alert(1)</script><b>Siti</b>')
    expect(text).toContain('<img src=x onerror=alert(1)>')
    expect(text).toContain(nik('3456'))
    expect(text).toContain(`Nomor: ${letter.number}`)
    const spamName = await fileRequest(requestForm(requestFields({ name: 'Daftar slot gacor maxwin hari ini' })))
    expect(spamName.status).toBe(422)
    expect(spamName.body.errors).toHaveProperty('Name')
    const spamData = await fileRequest(
      requestForm(requestFields({ data: JSON.stringify({ alamat: 'situs slot gacor maxwin', keperluan: 'Bank' }) })),
    )
    expect(spamData.status).toBe(422)
    expect(spamData.body.errors).toHaveProperty('Data_alamat')
  })

  it('answers a filled honeypot as a success, and stores nothing', async () => {
    const answer = await filed({ website: 'https://spam.example' })
    expect(answer.ticket).toMatch(/^SRT-/)
    expect((await track(answer.ticket, answer.tracking_code)).status).toBe(404)
  })

  it('takes 5 requests an hour from one address (12 at once: 5 × 201, 7 × 429), counted apart from reports', async () => {
    const from = address()
    const results = await Promise.all(Array.from({ length: 12 }, () => fileRequest(requestForm(requestFields()), from)))
    const statuses = results.map((result) => result.status).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(7)
    const report = await api('POST', '/api/public/reports', {
      json: { kind: 'aspirasi', name: 'Warga', phone: '081234567890', subject: 'Usul', message: 'Usul jalan.' },
      headers: { 'X-Forwarded-For': from },
    })
    expect(report.status).toBe(201)
  })
})

describe('tracking and correcting', () => {
  it('shows the request to the code only; a wrong code is the 404 of an unknown ticket', async () => {
    const answer = await filed()
    const tracked = expectSuccess(await track(answer.ticket, answer.tracking_code.toLowerCase()))
    expect(Object.keys(tracked).sort()).toEqual(
      ['created_at', 'data', 'due_at', 'letter', 'letter_type', 'nik_masked', 'note', 'status', 'ticket'].sort(),
    )
    expect(tracked.nik_masked).toBe('************3456')
    expect(tracked.letter).toBeNull()
    expect(JSON.stringify(tracked)).not.toContain(nik('3456'))
    const wrong = await track(answer.ticket, 'WRONGCODE12')
    const unknown = await track('SRT-1999-9999', 'WRONGCODE12')
    expect(wrong.status).toBe(404)
    expect(wrong.text).toBe(unknown.text)
  })

  it("counts wrong codes toward the reports' lookup throttle", async () => {
    const from = address()
    const answer = await filed()
    const guesses = await Promise.all(Array.from({ length: 20 }, () => track(answer.ticket, 'AAAAAAAAAAAA', from)))
    expect(guesses.every((result) => result.status === 404)).toBe(true)
    expect((await track(answer.ticket, answer.tracking_code, from)).status).toBe(429)
    expect(
      (await api('GET', '/api/public/reports/ADU-2026-0001?code=X', { headers: { 'X-Forwarded-For': from } })).status,
    ).toBe(429)
  })

  it('shows markup in the data and the note as text on the tracking page', async () => {
    const answer = await filed({
      data: JSON.stringify({ alamat: '<img src=x onerror=alert(1)>', keperluan: 'Bank' }),
    })
    const detail = await staffRequest(answer.ticket)
    expectSuccess(
      await api('PUT', `/api/admin/letter-requests/${detail.id}`, {
        token,
        json: { status: 'perlu_perbaikan', note: 'Ulangi <script>alert(2)</script>' },
      }),
    )
    const response = await fetch(`${baseUrl()}/layanan/lacak`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address() },
      body: new URLSearchParams({ tiket: answer.ticket, kode: answer.tracking_code }).toString(),
    })
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('Ulangi &lt;script&gt;alert(2)&lt;/script&gt;')
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<script>alert(2)')
  })

  it('asks for a correction with a note; the villager corrects with the code; otherwise 409', async () => {
    const answer = await filed()
    const detail = await staffRequest(answer.ticket)
    const noNote = await api('PUT', `/api/admin/letter-requests/${detail.id}`, {
      token,
      json: { status: 'perlu_perbaikan' },
    })
    expectFailure(noNote, 422, 'Validation Errors', { Note: expect.any(String) })
    const early = await api('PUT', `/api/public/letter-requests/${answer.ticket}?code=${answer.tracking_code}`, {
      form: requestForm(requestFields()),
      headers: { 'X-Forwarded-For': address() },
    })
    expect(early.status).toBe(409)
    expectSuccess(
      await api('PUT', `/api/admin/letter-requests/${detail.id}`, {
        token,
        json: { status: 'perlu_perbaikan', note: 'Foto KK <b>buram</b>' },
      }),
    )
    const tracked = expectSuccess(await track(answer.ticket, answer.tracking_code))
    expect([tracked.status, tracked.note]).toEqual(['perlu_perbaikan', 'Foto KK <b>buram</b>'])
    const wrong = await api('PUT', `/api/public/letter-requests/${answer.ticket}?code=NOPE`, {
      form: requestForm(requestFields()),
      headers: { 'X-Forwarded-For': address() },
    })
    expect(wrong.status).toBe(404)
    const corrected = expectSuccess(
      await api('PUT', `/api/public/letter-requests/${answer.ticket}?code=${answer.tracking_code}`, {
        form: requestForm({ ...requestFields({ nik: nik('7777') }), letter_type: undefined }, [
          { data: pdfBytes(), name: 'kk-baru.pdf', type: 'application/pdf' },
        ]),
        headers: { 'X-Forwarded-For': address() },
      }),
    )
    expect([corrected.status, corrected.nik_masked]).toEqual(['diajukan', '************7777'])
    const after = await staffRequest(answer.ticket)
    expect(after.attachments.map((item: { name: string }) => item.name)).toEqual(['kk-baru.pdf'])
  })
})

describe('issuing letters', () => {
  it('issues one letter when two staff issue one request at once (one 201, one 409), numbered and downloadable', async () => {
    const answer = await filed()
    const detail = await staffRequest(answer.ticket)
    const [a, b] = await Promise.all([
      api('POST', `/api/admin/letter-requests/${detail.id}/issue`, { token }),
      api('POST', `/api/admin/letter-requests/${detail.id}/issue`, { token }),
    ])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    const letter = (a.status === 201 ? a : b).body.data
    const year = new Date(Date.now() + 7 * 3600 * 1000).getUTCFullYear()
    expect(letter.number).toMatch(new RegExp(`^470/\\d{3}/[IVX]+/${year}$`))
    expect(letter).toMatchObject({
      name: 'Siti Aminah',
      nik_masked: '************3456',
      request_ticket: answer.ticket,
      signer: { name: 'Ahmad Uji', position: 'Kepala Desa' },
      revoked_at: null,
    })
    expect(letter.verify_code.length).toBeGreaterThanOrEqual(10)
    expect(letter.verify_url).toBe(`${baseUrl()}/verifikasi/${letter.verify_code}`)
    const tracked = expectSuccess(await track(answer.ticket, answer.tracking_code))
    expect(tracked.status).toBe('selesai')
    expect(tracked.letter).toMatchObject({ number: letter.number, verify_url: letter.verify_url, revoked_at: null })
    const pdf = await fetch(`${baseUrl()}/api/admin/letters/${letter.id}/pdf`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const bytes = Buffer.from(await pdf.arrayBuffer())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const [row] = await queryDb<{ pdf_sha256: string; nik_sealed: string }>(
      db(),
      'SELECT pdf_sha256, nik_sealed FROM letters WHERE id = ?',
      [letter.id],
    )
    expect(row.pdf_sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'))
    expect(row.nik_sealed).not.toContain(nik('3456'))
    // Issued, it cannot be issued, asked to correct or refused again.
    expect((await api('POST', `/api/admin/letter-requests/${detail.id}/issue`, { token })).status).toBe(409)
    const refuse = await api('PUT', `/api/admin/letter-requests/${detail.id}`, {
      token,
      json: { status: 'ditolak', note: 'x' },
    })
    expect(refuse.status).toBe(409)
  })

  it('refuses to issue a refused request (409)', async () => {
    const answer = await filed()
    const detail = await staffRequest(answer.ticket)
    expectSuccess(
      await api('PUT', `/api/admin/letter-requests/${detail.id}`, {
        token,
        json: { status: 'ditolak', note: 'Bukan warga desa ini' },
      }),
    )
    expect((await api('POST', `/api/admin/letter-requests/${detail.id}/issue`, { token })).status).toBe(409)
  })

  it('numbers letters issued at the same moment without gaps or duplicates', async () => {
    const issued = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api('POST', '/api/admin/letters', {
          token,
          json: {
            letter_type: type.slug,
            name: `Warga Datang ${i}`,
            nik: nik(),
            data: { alamat: 'Dusun Krajan', keperluan: 'Sekolah' },
          },
        }),
      ),
    )
    expect(issued.map((result) => result.status)).toEqual(Array(6).fill(201))
    const year = new Date(Date.now() + 7 * 3600 * 1000).getUTCFullYear()
    const rows = await queryDb<{ sequence: number | string }>(
      db(),
      'SELECT sequence FROM letters WHERE year = ? ORDER BY sequence',
      [year],
    )
    const sequences = rows.map((row) => Number(row.sequence))
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1))
    const mine = issued.map((result) => Number(result.body.data.number.split('/')[1])).sort((a, b) => a - b)
    expect(new Set(mine).size).toBe(6)
    expect(mine[5] - mine[0]).toBe(5)
  })

  it('refuses a walk-in letter with bad input on its keys, issuing nothing', async () => {
    const refused = await api('POST', '/api/admin/letters', {
      token,
      json: { letter_type: 'tidak-ada', name: '', nik: '123', data: {} },
    })
    expectFailure(refused, 422, 'Validation Errors')
    expect(Object.keys(refused.body.errors).sort()).toEqual(['Letter_type', 'Name', 'Nik'])
    const data = await api('POST', '/api/admin/letters', {
      token,
      json: { letter_type: type.slug, name: 'A', nik: nik(), data: { keperluan: 'Pasar' } },
    })
    expect(Object.keys(data.body.errors).sort()).toEqual(['Data_alamat', 'Data_keperluan'])
  })
})

describe('the register', () => {
  it('lists, exports and revokes letters; the CSV has no NIK; revoking needs a reason and happens once', async () => {
    const walkIn = expectSuccess(
      await api('POST', '/api/admin/letters', {
        token,
        json: {
          letter_type: type.slug,
          name: '=HYPERLINK("x")',
          nik: nik('9999'),
          data: { alamat: 'Dusun Krajan', keperluan: 'Bank' },
        },
      }),
      201,
    )
    const year = walkIn.number.split('/')[3]
    const page = expectSuccess(await api('GET', `/api/admin/letters?year=${year}`, { token }))
    expect(page.data[0].id).toBe(walkIn.id)
    const csv = await fetch(`${baseUrl()}/api/admin/letters.csv?year=${year}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const text = await csv.text()
    expect(text.split('\r\n')[0]).toBe('Nomor,Tanggal,Jenis Surat,Nama,Penandatangan,Status')
    expect(text).toContain(`${walkIn.number},`)
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    expect(text).not.toContain(nik('9999'))
    const noReason = await api('POST', `/api/admin/letters/${walkIn.id}/revoke`, { token, json: {} })
    expectFailure(noReason, 422, 'Validation Errors', { Reason: expect.any(String) })
    const revoked = expectSuccess(
      await api('POST', `/api/admin/letters/${walkIn.id}/revoke`, { token, json: { reason: 'Salah nama' } }),
    )
    expect(revoked).toMatchObject({ number: walkIn.number, revoked_reason: 'Salah nama' })
    expect(revoked.revoked_at).not.toBeNull()
    expect((await api('POST', `/api/admin/letters/${walkIn.id}/revoke`, { token, json: { reason: 'x' } })).status).toBe(
      409,
    )
    const csvAfter = await (
      await fetch(`${baseUrl()}/api/admin/letters.csv?year=${year}`, { headers: { Authorization: `Bearer ${token}` } })
    ).text()
    expect(csvAfter).toMatch(/Dicabut\r\n/)
  })

  it('keeps each step in the activity log without the NIK, and counts pending letters on the dashboard', async () => {
    const before = expectSuccess(await api('GET', '/api/admin/dashboard', { token })).pending_letters
    await filed({ nik: nik('4242') })
    expect(expectSuccess(await api('GET', '/api/admin/dashboard', { token })).pending_letters).toBe(before + 1)
    const log = expectSuccess(await api('GET', '/api/admin/activities?resource=letters&limit=100', { token }))
    const actions = new Set(log.data.map((entry: { action: string }) => entry.action))
    for (const action of ['letter_requested', 'letter_issued', 'letter_revoked', 'update', 'letter_request_corrected'])
      expect(actions).toContain(action)
    expect(JSON.stringify(log.data)).not.toMatch(/320101150890\d{4}/)
  })

  it('holds each call to its permission', async () => {
    const reader = await userWithPermissions(['letters-index'])
    expect((await api('GET', '/api/admin/letter-requests', { token: reader.token })).status).toBe(200)
    expect((await api('GET', '/api/admin/letter-types/1', { token: reader.token })).status).toBe(403)
    expect((await api('POST', '/api/admin/letters', { token: reader.token, json: {} })).status).toBe(403)
    expect((await api('POST', '/api/admin/letters/1/revoke', { token: reader.token, json: {} })).status).toBe(403)
    expect((await api('GET', '/api/admin/letter-requests')).status).toBe(401)
  })

  it('serves the admin screens without scripts: the queue, the request with its actions, the register, the types', async () => {
    const markup = '<script>alert(1)</script>'
    const answer = await filed({ name: markup })
    const detail = await staffRequest(answer.ticket)
    const page = (path: string, init: RequestInit = {}) =>
      fetch(`${baseUrl()}${path}`, {
        ...init,
        headers: { Cookie: `token=${token}`, ...init.headers },
        redirect: 'manual',
      })
    const queue = await page(`/admin/letter-requests?status=diajukan&letter_type=${type.slug}`)
    expect(queue.status).toBe(200)
    const queueHtml = await queue.text()
    expect(queueHtml).toContain('Permohonan Surat')
    expect(queueHtml).toContain(answer.ticket)
    expect(queueHtml).not.toContain(markup)
    const screen = await (await page(`/admin/letter-requests/${detail.id}`)).text()
    for (const text of [
      'Terbitkan Surat',
      'Minta Perbaikan',
      'Tolak',
      nik('3456'),
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    ])
      expect(screen).toContain(text)
    expect(screen).not.toContain(markup)
    const refuse = await page(`/admin/letter-requests/${detail.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'status', status: 'ditolak', note: 'Data tidak lengkap' }).toString(),
    })
    expect(refuse.status).toBeLessThan(400)
    expect((await staffRequest(answer.ticket)).status).toBe('ditolak')
    for (const [path, text] of [
      ['/admin/letters', 'Surat Keluar'],
      ['/admin/letters?cetak=1', 'Buku Register Surat Keluar'],
      ['/admin/letters/baru?jenis=' + type.slug, 'Terbitkan Surat Langsung'],
      ['/admin/letter-types', 'Jenis Surat'],
      [`/admin/letter-types/${type.id}`, 'Isi Surat'],
    ]) {
      const result = await page(path)
      expect(result.status, path).toBe(200)
      expect(await result.text(), path).toContain(text)
    }
  })
})

describe('retention', () => {
  it("erases an ended request's NIK, contact, data and attachments after LETTER_DATA_RETENTION_DAYS, and logs no NIK", async () => {
    let server: TestServer = await startServer({ env: { LETTER_DATA_RETENTION_DAYS: '30' } })
    try {
      const base = server.url
      const admin = await login('admin', 'password', base)
      const secretNik = '3201016607851234'
      const form = requestForm(
        {
          letter_type: 'surat-keterangan-domisili',
          name: 'Warga Lama',
          nik: secretNik,
          phone: '0812-9988-7766',
          email: 'lama@desa.test',
          data: JSON.stringify({
            tempat_lahir: 'Bandung',
            tanggal_lahir: '1985-07-26',
            jenis_kelamin: 'Perempuan',
            pekerjaan: 'Petani',
            alamat: 'Dusun Zyxwvut',
            keperluan: 'Bank',
          }),
        },
        [{ data: pdfBytes(), name: 'kk.pdf', type: 'application/pdf' }],
      )
      const answer = expectSuccess(
        await api('POST', '/api/public/letter-requests', { base, form, headers: { 'X-Forwarded-For': address() } }),
        201,
      )
      const list = expectSuccess(
        await api('GET', `/api/admin/letter-requests?search=${answer.ticket}`, { base, token: admin }),
      )
      const id = list.data[0].id
      // The setting regency_name heads the letter (kept when a PUT omits it, as the original client's does).
      const settings = expectSuccess(await api('GET', '/api/admin/settings', { base, token: admin }))
      const { logo: _logo, updated_at: _at, ...fields } = settings
      expectSuccess(
        await api('PUT', '/api/admin/settings', { base, token: admin, json: { ...fields, regency_name: 'Bandung' } }),
      )
      const { regency_name: _name, ...withoutRegency } = fields
      const kept = expectSuccess(await api('PUT', '/api/admin/settings', { base, token: admin, json: withoutRegency }))
      expect(kept.regency_name).toBe('Bandung')
      expect(expectSuccess(await api('GET', '/api/public/settings', { base }))).not.toHaveProperty('regency_name')
      const letter = expectSuccess(
        await api('POST', `/api/admin/letter-requests/${id}/issue`, { base, token: admin }),
        201,
      )
      const pdf = await fetch(`${base}/api/admin/letters/${letter.id}/pdf`, {
        headers: { Authorization: `Bearer ${admin}` },
      })
      const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n')
      expect(text).toContain('PEMERINTAH KABUPATEN BANDUNG')
      expect(text).toContain('SURAT KETERANGAN DOMISILI')
      const files = () => fs.readdirSync(path.join(server.uploadsDir, 'private', 'letters'))
      expect(files()).toHaveLength(2)
      const longAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000)
      await queryDb(
        server,
        'UPDATE "letter_requests" SET "closed_at" = $1 WHERE "id" = $2'.replace(/\$\d/g, server.dbFile ? '?' : '$&'),
        [server.dbFile ? longAgo.toISOString().replace('Z', '+00:00') : longAgo, id],
      )
      await server.stop()
      server = await startServer({ dir: server.dir, env: { LETTER_DATA_RETENTION_DAYS: '30', SEED_DEMO: 'false' } })
      const token2 = await login('admin', 'password', server.url)
      const erased = expectSuccess(
        await api('GET', `/api/admin/letter-requests/${id}`, { base: server.url, token: token2 }),
      )
      expect(erased).toMatchObject({
        nik_masked: '',
        phone: '',
        email: '',
        data: {},
        attachments: [],
        status: 'selesai',
      })
      expect(erased.data_erased_at).not.toBeNull()
      expect(files()).toEqual([])
      const gone = await api('GET', `/api/admin/letters/${letter.id}/pdf`, { base: server.url, token: token2 })
      expect(gone.status).toBe(404)
      const register = expectSuccess(
        await api('GET', '/api/admin/letters?search=Warga%20Lama', { base: server.url, token: token2 }),
      )
      expect(register.data[0]).toMatchObject({ number: letter.number, name: 'Warga Lama', nik_masked: '' })
      if (!onPostgres())
        for (const name of [server.dbFile, `${server.dbFile}-wal`])
          if (fs.existsSync(name)) {
            const bytes = fs.readFileSync(name)
            for (const value of ['0812-9988-7766', 'lama@desa.test', 'Dusun Zyxwvut'])
              expect(bytes.includes(value), value).toBe(false)
          }
      expect(server.output()).not.toContain(secretNik)
    } finally {
      await server.stop()
      fs.rmSync(server.dir, { recursive: true, force: true })
    }
  })
})
