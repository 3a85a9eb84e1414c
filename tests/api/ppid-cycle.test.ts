import { beforeAll, describe, expect, it } from 'vitest'
import { tinyPdf } from '../../app/lib/tiny-pdf'
import {
  adminToken,
  api,
  baseUrl,
  clientAddress,
  expectFailure,
  expectSuccess,
  unique,
  userWithPermissions,
} from '../support/api'

/**
 * docs/api.md "Public information, the whole cycle": decisions and the one extension of information requests,
 * objections (KBR- tickets), the Daftar Informasi Publik, the registers, the annual report and documents' legal
 * status, with the issue's bad input (issue 38).
 */

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const MARKUP = '<script>alert(1)</script><b>tebal</b>'
const thisYear = () => new Date(Date.now() + 7 * 3600 * 1000).getUTCFullYear()

async function fileRequest(kind = 'permohonan_informasi', address = clientAddress()) {
  return expectSuccess(
    await api('POST', '/api/public/reports', {
      json: {
        kind,
        name: 'Budi',
        phone: '081234567890',
        subject: unique('Salinan APBDes '),
        message: 'Mohon salinan APBDes.',
      },
      headers: { 'X-Forwarded-For': address },
    }),
    201,
  )
}

const staffId = async (ticket: string) => {
  const list = expectSuccess(await api('GET', `/api/admin/reports?search=${ticket}`, { token }))
  return list.data.find((row: { ticket: string }) => row.ticket === ticket).id as number
}

const track = (ticket: string, code: string) =>
  api('GET', `/api/public/reports/${ticket}?code=${encodeURIComponent(code)}`, {
    headers: { 'X-Forwarded-For': clientAddress() },
  })

const objection = (json: Record<string, unknown>, address = clientAddress()) =>
  api('POST', '/api/public/objections', {
    json: { name: 'Budi', phone: '081234567890', reason: 'ditolak', message: 'Saya keberatan.', ...json },
    headers: { 'X-Forwarded-For': address },
  })

describe('decisions and the extension', () => {
  it('refuses a refusal without its legal basis, stores a refusal with it, and shows it to the citizen', async () => {
    const filed = await fileRequest()
    const id = await staffId(filed.ticket)
    expectFailure(
      await api('PUT', `/api/admin/reports/${id}`, { token, json: { decision: 'ditolak' } }),
      422,
      undefined,
      {
        Decision_reason: 'Decision_reason is required: the legal basis of the exemption',
      },
    )
    expectFailure(await api('PUT', `/api/admin/reports/${id}`, { token, json: { decision: 'entah' } }), 422)
    // Nothing stored half.
    expect(expectSuccess(await track(filed.ticket, filed.tracking_code))).toMatchObject({
      decision: null,
      status: 'baru',
    })
    const reason = `UU 14/2008 Pasal 17 huruf h ${MARKUP}`
    const decided = expectSuccess(
      await api('PUT', `/api/admin/reports/${id}`, { token, json: { decision: 'ditolak', decision_reason: reason } }),
    )
    expect(decided).toMatchObject({ decision: 'ditolak', decision_reason: reason, status: 'ditolak' })
    expect(decided.answered_at).not.toBeNull()
    const tracked = expectSuccess(await track(filed.ticket, filed.tracking_code))
    expect(tracked).toMatchObject({ decision: 'ditolak', decision_reason: reason, extended_at: null })
  })

  it('takes no decision or extension on another kind of report', async () => {
    const filed = await fileRequest('pengaduan')
    const id = await staffId(filed.ticket)
    expectFailure(
      await api('PUT', `/api/admin/reports/${id}`, { token, json: { decision: 'diberikan' } }),
      422,
      undefined,
      { Decision: 'Only an information request takes a decision' },
    )
    expectFailure(await api('PUT', `/api/admin/reports/${id}`, { token, json: { extend_reason: 'Sibuk' } }), 422)
  })

  it('extends once by 7 working days; a second extension is a 409 that changes nothing', async () => {
    const filed = await fileRequest()
    const id = await staffId(filed.ticket)
    const extended = expectSuccess(
      await api('PUT', `/api/admin/reports/${id}`, { token, json: { extend_reason: 'Dokumen di arsip kecamatan' } }),
    )
    const days = (Date.parse(extended.due_at) - Date.parse(filed.due_at)) / 86400000
    // 7 working days: 9 calendar days (one weekend), or 11 (two).
    expect([9, 11]).toContain(days)
    expect(extended.extended_at).not.toBeNull()
    expectFailure(
      await api('PUT', `/api/admin/reports/${id}`, { token, json: { extend_reason: 'Lagi' } }),
      409,
      'This information request has already been extended once',
      null,
    )
    const tracked = expectSuccess(await track(filed.ticket, filed.tracking_code))
    expect(tracked.due_at).toBe(extended.due_at)
    expect(tracked.extended_at).toBe(extended.extended_at)
  })
})

describe('objections', () => {
  it('files a KBR- ticket for a request of this village, tracked with its code, answered by staff', async () => {
    const request = await fileRequest()
    const filed = expectSuccess(
      await objection({ request_ticket: request.ticket.toLowerCase(), message: `Ditolak tanpa alasan ${MARKUP}` }),
      201,
      'Objection submitted successfully',
    )
    expect(Object.keys(filed).sort()).toEqual(['due_at', 'status', 'ticket', 'tracking_code'])
    expect(filed.ticket).toMatch(new RegExp(`^KBR-${thisYear()}-\\d{4}$`))
    // 30 working days: 6 weeks, give or take the weekend the filing falls near.
    const days = (Date.parse(filed.due_at) - Date.now()) / 86400000
    expect(days).toBeGreaterThan(39)
    expect(days).toBeLessThan(45)
    const tracked = expectSuccess(
      await api('GET', `/api/public/objections/${filed.ticket}?code=${filed.tracking_code}`, {
        headers: { 'X-Forwarded-For': clientAddress() },
      }),
    )
    expect(tracked).toMatchObject({
      ticket: filed.ticket,
      reason: 'ditolak',
      message: `Ditolak tanpa alasan ${MARKUP}`,
      status: 'baru',
      request_ticket: request.ticket,
      responses: [],
    })
    expect(JSON.stringify(tracked)).not.toContain('081234567890')
    // Not a report's tracking, and a wrong code is the same 404 as no ticket.
    expect((await track(filed.ticket, filed.tracking_code)).status).toBe(404)
    expectFailure(
      await api('GET', `/api/public/objections/${filed.ticket}?code=WRONGCODE12`, {
        headers: { 'X-Forwarded-For': clientAddress() },
      }),
      404,
      'Report not found',
    )
    // Staff: the list by status, one, the status, a response; the reports' inbox lists it by kind.
    const list = expectSuccess(await api('GET', '/api/admin/objections?status=baru', { token }))
    const row = list.data.find((item: { ticket: string }) => item.ticket === filed.ticket)
    expect(row).toMatchObject({ reason: 'ditolak', name: 'Budi', request_ticket: request.ticket })
    const inbox = expectSuccess(await api('GET', `/api/admin/reports?kind=keberatan&search=${filed.ticket}`, { token }))
    expect(inbox.data.map((item: { ticket: string }) => item.ticket)).toEqual([filed.ticket])
    expectSuccess(await api('PUT', `/api/admin/objections/${row.id}`, { token, json: { status: 'diproses' } }))
    expectFailure(await api('PUT', `/api/admin/objections/${row.id}`, { token, json: { status: 'entah' } }), 422)
    const answered = expectSuccess(
      await api('POST', `/api/admin/objections/${row.id}/responses`, {
        token,
        json: { message: 'Kami tinjau ulang.' },
      }),
      201,
    )
    expect(answered.responses.map((r: { message: string }) => r.message)).toEqual(['Kami tinjau ulang.'])
    // A report's id is not an objection's.
    const requestId = await staffId(request.ticket)
    expectFailure(await api('GET', `/api/admin/objections/${requestId}`, { token }), 404, 'Objection not found')
    expectFailure(
      await api('PUT', `/api/admin/objections/${requestId}`, { token, json: { status: 'selesai' } }),
      404,
      'Objection not found',
    )
  })

  it('refuses a ticket that is not an information request, no such ticket, a bad reason; stores nothing', async () => {
    const complaint = await fileRequest('pengaduan')
    const before = expectSuccess(await api('GET', '/api/admin/objections', { token })).total
    expectFailure(await objection({ request_ticket: complaint.ticket }), 422, 'Validation Errors', {
      Request_ticket: 'Request_ticket must be the ticket of an information request (PPID-)',
    })
    expectFailure(await objection({ request_ticket: 'PPID-1999-0001' }), 422, 'Validation Errors', {
      Request_ticket: 'Request_ticket is not an information request of this village',
    })
    const bad = await objection({ reason: 'marah', name: '', phone: '', message: '' })
    expectFailure(bad, 422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['Contact', 'Message', 'Name', 'Reason'])
    expect(expectSuccess(await api('GET', '/api/admin/objections', { token })).total).toBe(before)
    // The honeypot: the same answer, nothing stored.
    const trap = expectSuccess(await objection({ website: 'http://spam.example' }), 201)
    expect(trap.ticket).toMatch(/^KBR-/)
    expect(expectSuccess(await api('GET', '/api/admin/objections', { token })).total).toBe(before)
  })

  it('counts objections with the reports in one throttle', async () => {
    const address = clientAddress()
    for (let i = 0; i < 4; i++) await fileRequest('aspirasi', address)
    expectSuccess(await objection({}, address), 201)
    const refused = await objection({}, address)
    expectFailure(refused, 429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(
      (
        await api('POST', '/api/public/reports', {
          json: { kind: 'aspirasi', name: 'A', phone: '081234567890', subject: 'S', message: 'M' },
          headers: { 'X-Forwarded-For': address },
        })
      ).status,
    ).toBe(429)
  })

  it('shows KBR- tickets at /layanan/lacak, its text as text', async () => {
    const filed = expectSuccess(await objection({ message: `Isi ${MARKUP}` }), 201)
    const response = await fetch(`${baseUrl()}/layanan/lacak`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': clientAddress() },
      body: new URLSearchParams({ tiket: filed.ticket, kode: filed.tracking_code }).toString(),
    })
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('Permohonan informasi ditolak')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>alert(1)</script>')
  })
})

const pdfForm = (fields: Record<string, string>) => {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  const data = tinyPdf({ pages: [[fields.title ?? 'Dokumen', 'Halaman']] })
  body.append('file', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), 'perdes.pdf')
  return body
}

async function createDocument(fields: Record<string, string>) {
  return api('POST', '/api/admin/documents', {
    token,
    form: pdfForm({ title: unique('Perdes '), kind: 'peraturan_desa', information_class: 'berkala', ...fields }),
  })
}

describe('documents: legal status', () => {
  it('links a replaced document both ways, filters by status, knows peraturan_bersama', async () => {
    const newer = expectSuccess(await createDocument({ kind: 'peraturan_bersama', enacted_at: '2026-05-01' }), 201)
    expect(newer).toMatchObject({ kind: 'peraturan_bersama', legal_status: 'berlaku', replaced_by_id: null })
    const older = expectSuccess(
      await createDocument({ legal_status: 'dicabut', replaced_by_id: String(newer.id), enacted_at: '2020-01-01' }),
      201,
    )
    expect(older).toMatchObject({ legal_status: 'dicabut', replaced_by_id: newer.id })
    const olderPage = await (await fetch(`${baseUrl()}/dokumen/${older.slug}`)).text()
    expect(olderPage).toContain('Dicabut dengan')
    expect(olderPage).toContain(`href="/dokumen/${newer.slug}"`)
    const newerPage = await (await fetch(`${baseUrl()}/dokumen/${newer.slug}`)).text()
    expect(newerPage).toContain('Mencabut')
    expect(newerPage).toContain(`href="/dokumen/${older.slug}"`)
    expect(newerPage).toContain('Peraturan Bersama Kepala Desa')
    const revoked = await (await fetch(`${baseUrl()}/dokumen?legal_status=dicabut&search=${older.title}`)).text()
    expect(revoked).toContain(older.title)
    const inForce = await (await fetch(`${baseUrl()}/dokumen?legal_status=berlaku&search=${older.title}`)).text()
    expect(inForce).not.toContain(`/dokumen/${older.slug}"`)
  })

  it('refuses a document replaced by itself or by a document that does not exist', async () => {
    const document = expectSuccess(await createDocument({}), 201)
    const put = (replaced: string) =>
      api('PUT', `/api/admin/documents/${document.id}`, {
        token,
        form: (() => {
          const body = new FormData()
          for (const [key, value] of Object.entries({
            title: document.title,
            kind: 'peraturan_desa',
            information_class: 'berkala',
            legal_status: 'diubah',
            replaced_by_id: replaced,
          }))
            body.append(key, value)
          return body
        })(),
      })
    expectFailure(await put(String(document.id)), 422, 'Validation Errors', {
      Replaced_by_id: 'Replaced_by_id must be another document, not this one',
    })
    expectFailure(await put('99999999'), 422, 'Validation Errors', {
      Replaced_by_id: 'Replaced_by_id must be the id of another document of this village',
    })
    expectFailure(await createDocument({ replaced_by_id: '99999999' }), 422)
    const stored = expectSuccess(await api('GET', `/api/admin/documents/${document.id}`, { token }))
    expect(stored).toMatchObject({ legal_status: 'berlaku', replaced_by_id: null })
  })
})

describe('the Daftar Informasi Publik', () => {
  it('lists public documents once with their page, and manual entries; refuses bad input', async () => {
    const document = expectSuccess(await createDocument({ enacted_at: '2026-02-03' }), 201)
    const dip = expectSuccess(await api('GET', '/api/public/ppid/dip'))
    const mine = dip.filter((item: { url: string }) => item.url.endsWith(`/dokumen/${document.slug}`))
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ title: document.title, class: 'berkala', made_at: '2026-02-03' })
    expect(Object.keys(mine[0]).sort()).toEqual(
      ['class', 'form', 'made_at', 'official', 'responsible', 'retention', 'summary', 'title', 'url'].sort(),
    )
    const ofYear = expectSuccess(await api('GET', '/api/public/ppid/dip?year=2026'))
    expect(ofYear.every((item: { made_at: string }) => item.made_at.startsWith('2026-'))).toBe(true)
    expectFailure(await api('GET', '/api/public/ppid/dip?year=abc'), 422, 'Validation Errors', {
      Year: 'Year must be a year from 2000 to 2100',
    })

    const title = unique(`Daftar Aset ${MARKUP}`)
    const bad = await api('POST', '/api/admin/ppid/dip', {
      token,
      json: { title: '', class: 'rahasia', made_at: '2026-13-01' },
    })
    expectFailure(bad, 422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['Class', 'Made_at', 'Title'])
    const entry = expectSuccess(
      await api('POST', '/api/admin/ppid/dip', {
        token,
        json: { title, summary: 'Aset desa', class: 'setiap_saat', made_at: '2025-07-01', form: 'Hardcopy' },
      }),
      201,
      'Entry created successfully',
    )
    const listed = expectSuccess(await api('GET', '/api/public/ppid/dip?year=2025'))
    expect(listed.find((item: { title: string }) => item.title === title)).toMatchObject({ form: 'Hardcopy', url: '' })
    const page = await (await fetch(`${baseUrl()}/ppid/daftar-informasi?year=2025`)).text()
    for (const heading of [
      'Ringkasan Isi Informasi',
      'Pejabat/Unit yang Menguasai',
      'Penanggung Jawab',
      'Waktu Pembuatan',
      'Bentuk Informasi',
      'Jangka Waktu Penyimpanan',
    ])
      expect(page).toContain(heading)
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page).not.toContain('<script>alert(1)</script>')
    const csv = await fetch(`${baseUrl()}/ppid/daftar-informasi?format=csv&year=2025`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect((await csv.text()).split('\r\n')[0]).toContain('Ringkasan Isi Informasi')

    const reader = await userWithPermissions(['documents-index'])
    expectFailure(
      await api('POST', '/api/admin/ppid/dip', {
        token: reader.token,
        json: { title: 'x', class: 'berkala', made_at: '2026-01-01' },
      }),
      403,
    )
    expectSuccess(await api('DELETE', `/api/admin/ppid/dip/${entry.id}`, { token }))
    expectFailure(await api('DELETE', `/api/admin/ppid/dip/${entry.id}`, { token }), 404)
    expect(
      expectSuccess(await api('GET', '/api/public/ppid/dip?year=2025')).some(
        (item: { title: string }) => item.title === title,
      ),
    ).toBe(false)
  })
})

describe('registers and the annual report', () => {
  it('counts a refused request and an objection in the register and the report', async () => {
    const year = thisYear()
    const before = expectSuccess(await api('GET', `/api/public/ppid/report/${year}`))
    const request = await fileRequest()
    const id = await staffId(request.ticket)
    const basis = unique('Pasal 17 huruf j ')
    expectSuccess(
      await api('PUT', `/api/admin/reports/${id}`, { token, json: { decision: 'ditolak', decision_reason: basis } }),
    )
    expectSuccess(await objection({ request_ticket: request.ticket }), 201)
    const after = expectSuccess(await api('GET', `/api/public/ppid/report/${year}`))
    expect(after.requests.received).toBe(before.requests.received + 1)
    expect(after.requests.refused).toBe(before.requests.refused + 1)
    expect(after.objections.received).toBe(before.objections.received + 1)
    expect(after.refusal_reasons).toContainEqual({ reason: basis, count: 1 })
    expect(after.requests.max_days).toBeGreaterThanOrEqual(0)

    const rows = expectSuccess(await api('GET', `/api/admin/ppid/register?year=${year}&type=permohonan`, { token }))
    expect(rows.find((row: { ticket: string }) => row.ticket === request.ticket)).toMatchObject({
      name: 'Budi',
      contact: '081234567890',
      decision: 'Ditolak',
      working_days: 0,
      on_time: 'ya',
    })
    expectFailure(await api('GET', '/api/admin/ppid/register?type=lain', { token }), 422, 'Validation Errors', {
      Type: 'Type must be one of permohonan, keberatan',
    })
    const csv = await fetch(`${baseUrl()}/api/admin/ppid/register.csv?year=${year}&type=keberatan`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(
      (await csv.text()).startsWith('ticket,date,name,contact,subject,decision,answered_at,working_days,on_time\r\n'),
    ).toBe(true)
    const noPermission = await userWithPermissions(['documents-index'])
    expectFailure(await api('GET', '/api/admin/ppid/register', { token: noPermission.token }), 403)

    const page = await fetch(`${baseUrl()}/ppid/laporan/${year}`)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain(`Laporan Layanan Informasi Publik ${year}`)
    expect(html).toContain('<svg')
    expect(html).toContain(basis)
    expect((await fetch(`${baseUrl()}/ppid/laporan/1999`)).status).toBe(404)
    expectFailure(await api('GET', `/api/public/ppid/report/${year + 1}`), 404)
    expect(await (await fetch(`${baseUrl()}/ppid`)).text()).toContain(`/ppid/laporan/${year}`)
  })
})

describe('markup in every text field', () => {
  it('stores each as given and shows it as text on the public pages, the admin screens and the CSVs', async () => {
    const year = thisYear()
    const mark = (field: string) => `<img src=x onerror=alert(1)><i>${field}</i>`
    const escaped = (field: string) => mark(field).replace(/</g, '&lt;').replace(/>/g, '&gt;')
    const request = await fileRequest()
    const id = await staffId(request.ticket)
    const extended = await api('PUT', `/api/admin/reports/${id}`, { token, json: { extend_reason: mark('extend') } })
    const reason = mark('decision')
    expectSuccess(
      await api('PUT', `/api/admin/reports/${id}`, { token, json: { decision: 'ditolak', decision_reason: reason } }),
    )
    const filed = expectSuccess(
      await objection({ request_ticket: request.ticket, name: mark('name'), message: mark('message') }),
      201,
    )
    const objectionId = await staffId(filed.ticket)
    const json = { message: mark('response') }
    expectSuccess(await api('POST', `/api/admin/objections/${objectionId}/responses`, { token, json }), 201)
    const columns = ['title', 'summary', 'official', 'responsible', 'form', 'retention']
    const entry = expectSuccess(
      await api('POST', '/api/admin/ppid/dip', {
        token,
        json: {
          ...Object.fromEntries(columns.map((key) => [key, mark(key)])),
          class: 'berkala',
          made_at: '2012-05-06',
        },
      }),
      201,
    )
    // The two columns that are not free text refuse it.
    const refused = await api('PUT', `/api/admin/ppid/dip/${entry.id}`, {
      token,
      json: { ...entry, url: 'javascript:alert(1)', made_at: mark('made_at') },
    })
    expectFailure(refused, 422)
    expect(Object.keys(refused.body.errors).sort()).toEqual(['Made_at', 'Url'])

    // Stored as given.
    expect(expectSuccess(extended).extend_reason).toBe(mark('extend'))
    expect(expectSuccess(await track(request.ticket, request.tracking_code)).decision_reason).toBe(reason)
    const stored = expectSuccess(await api('GET', `/api/admin/objections/${objectionId}`, { token }))
    expect(stored).toMatchObject({ name: mark('name'), message: mark('message') })
    expect(stored.responses[0].message).toBe(mark('response'))
    const dip = expectSuccess(await api('GET', '/api/public/ppid/dip?year=2012'))
    expect(dip.find((item: { title: string }) => item.title === mark('title'))).toMatchObject(
      Object.fromEntries(columns.map((key) => [key, mark(key)])),
    )

    // Shown as text: every page where the field appears has it escaped, never as markup; each CSV as plain text.
    const read = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${baseUrl()}${path}`, {
        ...init,
        headers: { Cookie: `token=${token}`, 'X-Forwarded-For': clientAddress(), ...init.headers },
        redirect: 'manual',
      })
      expect(response.status, path).toBe(200)
      return response.text()
    }
    const lacak = (ticket: string, code: string) =>
      read('/layanan/lacak', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ tiket: ticket, kode: code }).toString(),
      })
    const pages = {
      trackRequest: await lacak(request.ticket, request.tracking_code),
      trackObjection: await lacak(filed.ticket, filed.tracking_code),
      report: await read(`/ppid/laporan/${year}`),
      adminRequest: await read(`/admin/reports/${id}`),
      adminObjection: await read(`/admin/reports/${objectionId}`),
      register: await read(`/admin/ppid/register?year=${year}&type=keberatan`),
      dip: await read('/ppid/daftar-informasi?year=2012'),
      dipAdmin: await read(`/admin/ppid/dip/${entry.id}`),
      dipAdminList: await read('/admin/ppid/dip'),
    }
    const csvs = {
      register: await read(`/api/admin/ppid/register.csv?year=${year}&type=keberatan`),
      dip: await read('/ppid/daftar-informasi.csv?year=2012'),
    }
    const shown: [field: string, where: (keyof typeof pages)[], csv: (keyof typeof csvs)[]][] = [
      ['name', ['adminObjection', 'register'], ['register']],
      ['message', ['trackObjection', 'adminObjection'], []],
      ['response', ['trackObjection', 'adminObjection'], []],
      ['decision', ['trackRequest', 'report', 'adminRequest'], []],
      ['extend', ['adminRequest'], []],
      ...columns.map((key): [string, (keyof typeof pages)[], (keyof typeof csvs)[]] => [
        key,
        key === 'title' ? ['dip', 'dipAdmin', 'dipAdminList'] : ['dip', 'dipAdmin'],
        ['dip'],
      ]),
    ]
    for (const [field, where, csv] of shown) {
      for (const name of where) {
        expect(pages[name], `${field} on ${name}`).toContain(escaped(field))
        expect(pages[name], `${field} on ${name}`).not.toContain(`<i>${field}</i>`)
      }
      for (const name of csv) expect(csvs[name], `${field} in the ${name} CSV`).toContain(mark(field))
    }
  })
})

describe('the print view of the Daftar Informasi Publik', () => {
  it('prints the whole list on one page, where the screen shows 25 a page', async () => {
    for (let n = 0; n < 26; n++)
      expectSuccess(
        await api('POST', '/api/admin/ppid/dip', {
          token,
          json: { title: unique(`Arsip ${n} `), class: 'berkala', made_at: '2011-01-02' },
        }),
        201,
      )
    const total = expectSuccess(await api('GET', '/api/public/ppid/dip?year=2011')).length
    expect(total).toBeGreaterThan(25)
    const rows = (html: string) => html.split('<tr class="align-top"').length - 1
    const screen = await (await fetch(`${baseUrl()}/ppid/daftar-informasi?year=2011`)).text()
    expect(rows(screen)).toBe(25)
    expect(screen).toContain('href="/ppid/daftar-informasi?year=2011&amp;print=1"')
    const print = await (await fetch(`${baseUrl()}/ppid/daftar-informasi?year=2011&print=1&page=2`)).text()
    expect(rows(print)).toBe(total)
    expect(print).not.toContain('Versi Cetak')
  })
})

describe('the admin screens of the PPID, without scripts', () => {
  it('adds, edits and deletes a manual DIP entry by plain forms; each screen asks for its permission', async () => {
    const screen = (path: string, as = token, form?: Record<string, string>) =>
      fetch(`${baseUrl()}${path}`, {
        method: form ? 'POST' : 'GET',
        headers: { Cookie: `token=${as}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form ? new URLSearchParams(form).toString() : undefined,
        redirect: 'manual',
      })
    const fields = { title: unique('Buku Kas Umum '), class: 'berkala', made_at: '2013-04-05', form: 'Hardcopy' }
    const bad = await screen('/admin/ppid/dip/baru', token, { ...fields, title: '', made_at: 'kemarin' })
    expect(bad.status).toBe(422)
    expect(await bad.text()).toContain('Made_at must be a date (YYYY-MM-DD)')
    const added = await screen('/admin/ppid/dip/baru', token, fields)
    expect(added.status).toBe(302)
    expect(added.headers.get('location')).toBe('/admin/ppid/dip')
    const entry = expectSuccess(await api('GET', '/api/public/ppid/dip?year=2013')).find(
      (item: { title: string }) => item.title === fields.title,
    )
    expect(entry).toMatchObject({ form: 'Hardcopy', class: 'berkala' })
    const list = await (await screen('/admin/ppid/dip')).text()
    const id = list.match(new RegExp(`href="/admin/ppid/dip/(\\d+)">${fields.title}<`))![1]
    expect((await screen(`/admin/ppid/dip/${id}`, token, { ...fields, form: 'Softcopy' })).status).toBe(200)
    expect(expectSuccess(await api('GET', `/api/admin/ppid/dip/${id}`, { token })).form).toBe('Softcopy')
    expect((await screen(`/admin/ppid/dip/${id}`, token, { intent: 'delete' })).status).toBe(302)
    expectFailure(await api('GET', `/api/admin/ppid/dip/${id}`, { token }), 404)
    expect((await screen(`/admin/ppid/dip/${id}`)).status).toBe(404)

    const documentsReader = await userWithPermissions(['documents-index'])
    expect((await screen('/admin/ppid/dip', documentsReader.token)).status).toBe(200)
    const refused = await screen('/admin/ppid/register', documentsReader.token)
    expect(refused.headers.get('location')).toBe('/admin/forbidden')
    expect((await screen('/admin/ppid/dip/baru', documentsReader.token)).headers.get('location')).toBe(
      '/admin/forbidden',
    )
    const reportsReader = await userWithPermissions(['reports-index'])
    expect((await screen('/admin/ppid/register?type=keberatan', reportsReader.token)).status).toBe(200)
    expect((await screen('/admin/ppid/dip', reportsReader.token)).headers.get('location')).toBe('/admin/forbidden')
  })
})
