import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import {
  adminToken,
  api,
  baseUrl,
  clientAddress,
  expectFailure,
  expectSuccess,
  login,
  unique,
  userWithPermissions,
} from '../support/api'
import { jpeg } from '../support/content'
import { freePort, onPostgres, queryDb, ROOT, startServer, type TestServer } from '../support/server'

// A private server with an SMTP server beside it, restarted once: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/** docs/api.md "Citizen reports": filing, tracking, the throttle, staff's inbox, privacy. */

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const report = (overrides: Record<string, unknown> = {}) => ({
  kind: 'pengaduan',
  name: 'Siti Aminah',
  phone: '0812-3456-7890',
  email: 'siti@example.com',
  subject: unique('Jalan berlubang '),
  message: 'Jalan di depan SD rusak parah sejak musim hujan.',
  ...overrides,
})

/** A random IPv6 /64 of the documentation prefix, as `2001:db8:x:y` (append `::n` or `:a:b:c:d`). */
const ipv6Block = () =>
  `2001:db8:${crypto.randomInt(0, 0x10000).toString(16)}:${crypto.randomInt(0, 0x10000).toString(16)}`

/** A filing from a client address of its own (the throttle counts per address), unless one is given. */
const file = (json: unknown, address = clientAddress(), base?: string) =>
  api('POST', '/api/public/reports', { json, headers: { 'X-Forwarded-For': address }, base })

const track = (ticket: string, code?: string, address = clientAddress(), base?: string) =>
  api('GET', `/api/public/reports/${ticket}${code === undefined ? '' : `?code=${encodeURIComponent(code)}`}`, {
    headers: { 'X-Forwarded-For': address },
    base,
  })

const filed = async (overrides: Record<string, unknown> = {}) =>
  expectSuccess(await file(report(overrides)), 201, 'Report submitted successfully')

/** The staff's row of a ticket. */
async function staffRow(ticket: string, base?: string, as = token) {
  const list = expectSuccess(await api('GET', `/api/admin/reports?search=${ticket}`, { token: as, base }))
  return list.data.find((row: { ticket: string }) => row.ticket === ticket)
}

/** The 10th Monday-to-Friday day after the date in Asia/Jakarta (UTC+7, no daylight saving), same time of day. */
function tenWorkingDaysAfter(iso: string) {
  const local = new Date(Date.parse(iso) + 7 * 3600 * 1000)
  for (let counted = 0; counted < 10;) {
    local.setUTCDate(local.getUTCDate() + 1)
    if (local.getUTCDay() !== 0 && local.getUTCDay() !== 6) counted++
  }
  return new Date(local.getTime() - 7 * 3600 * 1000).toISOString()
}

describe('filing a report', () => {
  it('answers the ticket, a secret code and the state, per kind and year', async () => {
    const year = new Date(Date.now() + 7 * 3600 * 1000).getUTCFullYear()
    const complaint = await filed()
    expect(Object.keys(complaint).sort()).toEqual(['created_at', 'due_at', 'kind', 'status', 'ticket', 'tracking_code'])
    expect(complaint).toMatchObject({ kind: 'pengaduan', status: 'baru', due_at: null })
    expect(complaint.ticket).toMatch(new RegExp(`^ADU-${year}-\\d{4}$`))
    expect(complaint.tracking_code.length).toBeGreaterThanOrEqual(10)
    const first = await filed({ kind: 'aspirasi' })
    const second = await filed({ kind: 'aspirasi' })
    expect(first.ticket).toMatch(new RegExp(`^ASP-${year}-\\d{4}$`))
    expect(Number(second.ticket.slice(-4))).toBe(Number(first.ticket.slice(-4)) + 1)
    expect(second.tracking_code).not.toBe(first.tracking_code)
    const request = await filed({ kind: 'permohonan_informasi' })
    expect(request.ticket).toMatch(new RegExp(`^PPID-${year}-\\d{4}$`))
    expect(request.due_at).toBe(tenWorkingDaysAfter(request.created_at))
  })

  it('takes a photo through the upload pipeline, kept where no public address serves it', async () => {
    const body = new FormData()
    for (const [key, value] of Object.entries(report())) body.append(key, String(value))
    const picture = await jpeg(320, 240)
    body.append('image', new Blob([new Uint8Array(picture.data)], { type: 'image/jpeg' }), 'foto.jpg')
    const result = await api('POST', '/api/public/reports', {
      form: body,
      headers: { 'X-Forwarded-For': clientAddress() },
    })
    const answer = expectSuccess(result, 201)
    const row = await staffRow(answer.ticket)
    expect(row.image).toMatch(/^[a-f0-9]{32}-320x240\.jpg$/)
    const stored = path.join(inject('serverDir'), 'uploads', 'private', 'reports', row.image)
    expect(fs.existsSync(stored)).toBe(true)
    for (const kind of ['reports', 'posts', 'private/reports'])
      expect((await fetch(`${baseUrl()}/uploads/${kind}/${row.image}`)).status).toBe(404)
    // Staff see it in the inbox.
    const photo = await fetch(`${baseUrl()}/admin/reports/${row.id}/foto`, { headers: { Cookie: `token=${token}` } })
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/jpeg')
    expect((await fetch(`${baseUrl()}/admin/reports/${row.id}/foto`, { redirect: 'manual' })).status).toBe(302)
    const notAnImage = new FormData()
    for (const [key, value] of Object.entries(report())) notAnImage.append(key, String(value))
    notAnImage.append('image', new Blob(['<html></html>'], { type: 'image/jpeg' }), 'x.jpg')
    const refused = await api('POST', '/api/public/reports', {
      form: notAnImage,
      headers: { 'X-Forwarded-For': clientAddress() },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toHaveProperty('Image')
  })

  it('names every field at fault (Kind, Name, Contact, Subject, Message) and stores nothing', async () => {
    const subject = unique('Tidak tersimpan ')
    const empty = await file({})
    expectFailure(empty, 422, 'Validation Errors', {
      Kind: 'Kind is required',
      Name: 'Name is required',
      Contact: 'Give a phone number or an email address',
      Subject: 'Subject is required',
      Message: 'Message is required',
    })
    expect((await file(report({ kind: 'keluhan' }))).body.errors).toEqual({
      Kind: 'Kind must be one of pengaduan, aspirasi, permohonan_informasi',
    })
    expect((await file(report({ phone: '', email: 'bukan-email' }))).body.errors).toHaveProperty('Contact')
    expect((await file(report({ phone: '12', email: '' }))).body.errors).toHaveProperty('Contact')
    expect((await file(report({ subject: 'x'.repeat(151) }))).body.errors).toEqual({
      Subject: 'Subject may not be longer than 150 characters',
    })
    expect((await file(report({ message: 'x'.repeat(5001), subject }))).body.errors).toEqual({
      Message: 'Message may not be longer than 5000 characters',
    })
    expect((await file(report({ name: 42, subject }))).status).toBe(422)
    expect(await staffRow(subject)).toBeUndefined()
  })

  it('refuses an online-gambling promotion with 422 naming the phrase, logs it, stores nothing', async () => {
    const subject = unique('Info menarik ')
    const result = await file(report({ subject, message: 'Daftar sekarang di situs slot gacor, maxwin tiap hari!' }))
    expect(result.status).toBe(422)
    expect(result.body.errors.Message).toMatch(/judi online/)
    expect(await staffRow(subject)).toBeUndefined()
    const log = expectSuccess(await api('GET', '/api/admin/activities?action=spam_blocked&resource=reports', { token }))
    expect(log.data[0]).toMatchObject({ action: 'spam_blocked', resource: 'reports', user_name: 'Warga', ip: null })
  })

  it('answers a filled honeypot as a filing, and stores nothing', async () => {
    const subject = unique('Madu ')
    const answer = expectSuccess(await file(report({ subject, website: 'https://spam.example' })), 201)
    expect(Object.keys(answer).sort()).toEqual(['created_at', 'due_at', 'kind', 'status', 'ticket', 'tracking_code'])
    expect(await staffRow(subject)).toBeUndefined()
    expectFailure(await track(answer.ticket, answer.tracking_code), 404, 'Report not found', null)
  })
})

describe('the throttle', () => {
  it('lets one address file 5 reports an hour, then answers 429 with Retry-After before validation', async () => {
    const address = clientAddress()
    // Refusals do not count.
    for (let i = 0; i < 3; i++) expect((await file({}, address)).status).toBe(422)
    // A honeypot filing counts.
    expect((await file(report({ website: 'x' }), address)).status).toBe(201)
    for (let i = 0; i < 4; i++) expect((await file(report(), address)).status).toBe(201)
    for (const body of [report(), {}]) {
      const refused = await file(body, address)
      expectFailure(refused, 429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000)
    }
    // Multipart too, and another address is not affected.
    const form = new FormData()
    form.append('kind', 'aspirasi')
    expect((await api('POST', '/api/public/reports', { form, headers: { 'X-Forwarded-For': address } })).status).toBe(
      429,
    )
    expect((await file(report())).status).toBe(201)
  })

  it('answers a guessed code exactly as an unknown ticket, and throttles 1,000 guesses', async () => {
    const mine = await filed()
    const address = clientAddress()
    const unknown = await track(`ADU-2026-${String(Math.floor(Math.random() * 9000) + 1000)}9`, 'ABCDEFGHJK', address)
    const wrong = await track(mine.ticket, 'ABCDEFGHJK', address)
    const missing = await track(mine.ticket, undefined, address)
    for (const answer of [unknown, wrong, missing]) {
      expect(answer.status).toBe(404)
      expect(answer.text).toBe(unknown.text)
    }
    const statuses: number[] = []
    for (let guess = 0; guess < 1000; guess++) {
      const answer = await track(mine.ticket, `GUESS${String(guess).padStart(7, '0')}`, address)
      statuses.push(answer.status)
      if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(statuses.filter((status) => status === 200)).toEqual([])
    expect(statuses.slice(0, 17).every((status) => status === 404)).toBe(true)
    expect(statuses.slice(17).every((status) => status === 429)).toBe(true)
    for (const ticket of ['ADU%00', '%00', 'x'.repeat(300)])
      expectFailure(await track(ticket, 'ABCDEFGHJK'), 404, 'Report not found', null)
    // Even the right code waits at that address; from another it works.
    expect((await track(mine.ticket, mine.tracking_code, address)).status).toBe(429)
    expect((await track(mine.ticket, mine.tracking_code)).status).toBe(200)
  })

  it('counts every address of one IPv6 /64 together, and an IPv4-mapped address as its IPv4 (decision 060)', async () => {
    // Filings: five from five addresses of one /64 fill it; the sixth, from yet another, waits; the next /64 does not.
    const block = ipv6Block()
    for (let i = 1; i <= 5; i++) expect((await file(report(), `${block}:${i}:0:0:${i}`)).status).toBe(201)
    expectFailure(await file(report(), `${block}:ffff:ffff:ffff:ffff`), 429)
    expect((await file(report(), `${ipv6Block()}::1`)).status).toBe(201)
    // An IPv4 client seen as `::ffff:a.b.c.d` (a dual-stack socket) is that IPv4 client.
    const v4 = clientAddress()
    for (let i = 0; i < 5; i++) expect((await file(report(), i % 2 ? v4 : `::ffff:${v4}`)).status).toBe(201)
    for (const address of [v4, `::ffff:${v4}`]) expectFailure(await file(report(), address), 429)
    // Lookups: 20 failures spread over one /64, then every address of it waits.
    const guessers = ipv6Block()
    for (let i = 0; i < 20; i++)
      expect((await track('ADU-2026-9999', 'TEBAKANSALAH', `${guessers}::${i + 1}`)).status).toBe(404)
    expect((await track('ADU-2026-9999', 'TEBAKANSALAH', `${guessers}:abcd::77`)).status).toBe(429)
    expect((await track('ADU-2026-9999', 'TEBAKANSALAH', `${ipv6Block()}::1`)).status).toBe(404)
  })
})

describe('tracking and the staff inbox', () => {
  it('shows the citizen the status and the responses, never a name, phone or e-mail', async () => {
    const mine = await filed({ kind: 'permohonan_informasi', subject: unique('<b>Minta</b> <script>x</script> ') })
    const tracked = expectSuccess(await track(mine.ticket, mine.tracking_code), 200, 'Detail Data Report')
    expect(Object.keys(tracked).sort()).toEqual([
      'created_at',
      'decision',
      'decision_reason',
      'due_at',
      'extended_at',
      'kind',
      'message',
      'responses',
      'status',
      'subject',
      'ticket',
    ])
    expect(tracked.due_at).toBe(mine.due_at)
    const code = mine.tracking_code as string
    expect((await track(mine.ticket, code.toLowerCase())).status).toBe(200)

    const row = await staffRow(mine.ticket)
    const detail = expectSuccess(await api('GET', `/api/admin/reports/${row.id}`, { token }))
    expect(detail).toMatchObject({ name: 'Siti Aminah', phone: '0812-3456-7890', email: 'siti@example.com' })
    const updated = expectSuccess(
      await api('PUT', `/api/admin/reports/${row.id}`, { token, json: { status: 'diproses', public: true } }),
      200,
      'Report updated successfully',
    )
    expect(updated).toMatchObject({ status: 'diproses', public: true, closed_at: null })
    const answered = expectSuccess(
      await api('POST', `/api/admin/reports/${row.id}/responses`, {
        token,
        json: { message: 'Salinan <i>dikirim</i> besok.' },
      }),
      201,
      'Response added successfully',
    )
    expect(answered.responses.at(-1).message).toBe('Salinan <i>dikirim</i> besok.')
    const closed = expectSuccess(
      await api('PUT', `/api/admin/reports/${row.id}`, { token, json: { status: 'selesai' } }),
    )
    expect(closed.closed_at).not.toBeNull()

    const again = expectSuccess(await track(mine.ticket, mine.tracking_code))
    expect(again.status).toBe('selesai')
    expect(again.responses).toEqual([{ message: 'Salinan <i>dikirim</i> besok.', created_at: expect.any(String) }])

    const list = expectSuccess(await api('GET', '/api/public/reports?limit=100'))
    const shown = list.data.find((item: { ticket: string }) => item.ticket === mine.ticket)
    expect(Object.keys(shown).sort()).toEqual([
      'created_at',
      'due_at',
      'kind',
      'message',
      'responses',
      'status',
      'subject',
      'ticket',
    ])
    for (const address of ['/api/public/reports?limit=100', '/layanan', '/sitemap.xml', '/rss.xml']) {
      const text = await (await fetch(`${baseUrl()}${address}`)).text()
      for (const secret of ['Siti Aminah', '0812-3456-7890', 'siti@example.com', code])
        expect(text, address).not.toContain(secret)
    }
    // The citizen's markup is text on the public page.
    const page = await (await fetch(`${baseUrl()}/layanan`)).text()
    expect(page).toContain('&lt;script&gt;x&lt;/script&gt;')
    expect(page).not.toContain('<script>x</script>')
    expect(page).toContain('Salinan &lt;i&gt;dikirim&lt;/i&gt; besok.')

    const log = expectSuccess(
      await api('GET', `/api/admin/activities?resource=reports&search=${mine.ticket}`, { token }),
    )
    expect(log.data.map((entry: { action: string }) => entry.action).sort()).toEqual([
      'report_filed',
      'report_response',
      'update',
      'update',
    ])
    const filing = log.data.find((entry: { action: string }) => entry.action === 'report_filed')
    expect(filing).toMatchObject({ user_name: 'Warga', ip: null })
  })

  it('lists, filters and searches the inbox; validates the staff writes; deletes', async () => {
    const word = unique('Sampah ')
    const a = await filed({ subject: `${word} a`, kind: 'aspirasi' })
    const b = await filed({ subject: `${word} b`, kind: 'pengaduan' })
    const rowB = await staffRow(b.ticket)
    expectSuccess(await api('PUT', `/api/admin/reports/${rowB.id}`, { token, json: { status: 'ditolak' } }))
    const tickets = async (query: string) =>
      expectSuccess(
        await api('GET', `/api/admin/reports?search=${encodeURIComponent(word)}&${query}`, { token }),
      ).data.map((row: { ticket: string }) => row.ticket)
    expect(await tickets('')).toEqual([b.ticket, a.ticket])
    expect(await tickets('kind=aspirasi')).toEqual([a.ticket])
    expect(await tickets('status=ditolak')).toEqual([b.ticket])
    expect(await tickets('status=baru&kind=pengaduan')).toEqual([])
    expect(expectSuccess(await api('GET', `/api/admin/reports?search=${a.ticket}`, { token })).data).toHaveLength(1)

    expectFailure(await api('PUT', `/api/admin/reports/${rowB.id}`, { token, json: { status: 'hilang' } }), 422)
    expect(
      (await api('PUT', `/api/admin/reports/${rowB.id}`, { token, json: { public: 'ya' } })).body.errors,
    ).toHaveProperty('Public')
    expectFailure(
      await api('POST', `/api/admin/reports/${rowB.id}/responses`, { token, json: { message: '' } }),
      422,
      'Validation Errors',
      { Message: 'Message is required' },
    )
    expectFailure(await api('POST', '/api/admin/reports', { token, json: report() }), 405)
    expectSuccess(await api('DELETE', `/api/admin/reports/${rowB.id}`, { token }), 200, 'Report deleted successfully')
    expectFailure(await api('GET', `/api/admin/reports/${rowB.id}`, { token }), 404, 'Report not found', null)
    expectFailure(await track(b.ticket, b.tracking_code), 404, 'Report not found', null)
  })

  it('needs the reports permissions, and counts the open reports on the dashboard', async () => {
    const before = expectSuccess(await api('GET', '/api/admin/dashboard', { token })).open_reports
    const mine = await filed()
    expect(expectSuccess(await api('GET', '/api/admin/dashboard', { token })).open_reports).toBeGreaterThan(before)
    const row = await staffRow(mine.ticket)
    const reader = await userWithPermissions(['reports-index'])
    expectSuccess(await api('GET', '/api/admin/reports', { token: reader.token }))
    expectFailure(await api('GET', `/api/admin/reports/${row.id}`, { token: reader.token }), 403)
    expectFailure(
      await api('PUT', `/api/admin/reports/${row.id}`, { token: reader.token, json: { public: true } }),
      403,
    )
    expectFailure(
      await api('POST', `/api/admin/reports/${row.id}/responses`, { token: reader.token, json: { message: 'x' } }),
      403,
    )
    expectFailure(await api('DELETE', `/api/admin/reports/${row.id}`, { token: reader.token }), 403)
    expectFailure(await api('GET', '/api/admin/reports'), 401)
    const updater = await userWithPermissions(['reports-update'])
    expect(
      (await api('POST', `/api/admin/reports/${row.id}/responses`, { token: updater.token, json: { message: 'Oke' } }))
        .status,
    ).toBe(201)
  })
})

describe('mail, logs and retention (a server of its own)', () => {
  let server: TestServer
  let smtp: SMTPServer
  const mails: string[] = []
  beforeAll(async () => {
    const port = await freePort()
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // A mailbox that refuses mail, as a real server says so: naming the address.
      onRcptTo(address, _session, callback) {
        if (!address.address.startsWith('ditolak')) return callback()
        callback(Object.assign(new Error(`<${address.address}>: mailbox full`), { responseCode: 552 }))
      },
      onData(stream, _session, callback) {
        let text = ''
        stream.on('data', (chunk) => (text += chunk))
        stream.on('end', () => {
          mails.push(text)
          callback()
        })
      },
    })
    // A client that drops its connection (the site stopping with a pooled one open) is a socket error of the SMTP
    // server's: without a listener it would be an uncaught exception of the test run.
    smtp.on('error', () => undefined)
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
    server = await startServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Desa Uji <noreply@desa.test>',
        LOG_REQUESTS: '1',
        SEED_DEMO: 'false',
        REPORT_CONTACT_RETENTION_DAYS: '30',
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()))
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('logs no secret nor contact: preview and reset links, tracking codes, a failed mail (lines kept, redacted)', async () => {
    const base = server.url
    const admin = await login('admin', 'password', base)
    const formPost = (path: string, fields: Record<string, string>) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': clientAddress() },
        body: new URLSearchParams(fields),
        redirect: 'manual',
      })

    // A preview link, opened as a page and as its data.
    const page = expectSuccess(
      await api('POST', '/api/admin/pages', {
        base,
        token: admin,
        json: { title: unique('Draf Rahasia '), content: '<p>Isi draf</p>', status: 'draft' },
      }),
      201,
    )
    const link = expectSuccess(
      await api('POST', `/api/admin/pages/${page.id}/preview-link`, { base, token: admin }),
      201,
    )
    const previewToken = link.url.split('/pratinjau/')[1]
    for (const address of [link.url, `${link.url}.data`]) expect((await fetch(address)).status, address).toBe(200)

    // A password-reset link as mailed, opened.
    const before = mails.length
    expect((await formPost('/forgot-password', { email: 'admin@example.com' })).status).toBe(200)
    await vi.waitFor(() => expect(mails.length).toBeGreaterThan(before), { timeout: 20_000, interval: 200 })
    const resetUrl = /http:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mails[before].replace(/=\r?\n/g, ''))![0]
    const resetToken = resetUrl.split('/reset-password/')[1]
    expect((await fetch(resetUrl)).status).toBe(200)

    // A tracking code, through the API's query, the form and the form's address.
    const mine = expectSuccess(
      await file(report({ email: 'ditolak.penduduk@desa.test', phone: '0813-9911-2277' }), clientAddress(), base),
      201,
    )
    const code = mine.tracking_code
    expectSuccess(await track(mine.ticket, code, clientAddress(), base))
    expect((await formPost('/layanan/lacak', { tiket: mine.ticket, kode: code })).status).toBe(200)
    expect((await fetch(`${base}/layanan/lacak?tiket=${mine.ticket}&kode=${code}`)).status).toBe(200)

    // The citizen's mailbox refuses the news of their report: the failure is logged, without the address.
    const row = await staffRow(mine.ticket, base, admin)
    expectSuccess(
      await api('PUT', `/api/admin/reports/${row.id}`, { base, token: admin, json: { status: 'diproses' } }),
    )
    const failed = await vi.waitFor(
      () => {
        const line = server.logs().find((entry) => entry.event === 'report-mail')
        expect(line).toBeDefined()
        return line!
      },
      { timeout: 20_000, interval: 200 },
    )
    expect(failed).toMatchObject({ level: 'warn', ticket: mine.ticket })
    expect(JSON.stringify(failed.err)).toContain('mailbox full')

    // Each visit keeps its line, its secret taken out; no line holds a secret or the citizen's contact.
    const requests = server.logs().filter((entry) => entry.event === 'request')
    const paths = requests.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)
    expect(paths).toContain('GET /pratinjau/[redacted] 200')
    expect(paths).toContain('GET /reset-password/[redacted] 200')
    expect(paths).toContain(`GET /api/public/reports/${mine.ticket} 200`)
    expect(paths).toContain('POST /layanan/lacak 200')
    expect(paths).toContain('GET /layanan/lacak 200')
    const output = server.output()
    for (const secret of [
      previewToken,
      resetToken,
      code,
      'ditolak.penduduk@desa.test',
      '0813-9911-2277',
      'admin@example.com',
    ])
      expect(output).not.toContain(secret)
    expect(output).not.toMatch(/ditolak|9911-?2277/)
    mails.length = 0
  })

  it('mails each status change and response to the citizen, logs no secret, and erases old contacts', async () => {
    const base = server.url
    const admin = await login('admin', 'password', base)
    const mine = expectSuccess(
      await file(
        report({ name: 'Zyxwvut Qqqq', phone: '0812-9988-7766', email: 'warga@desa.test' }),
        clientAddress(),
        base,
      ),
      201,
    )
    const silent = expectSuccess(await file(report({ email: '', phone: '081234567890' }), clientAddress(), base), 201)
    expectSuccess(await track(mine.ticket, mine.tracking_code, clientAddress(), base))
    const row = await staffRow(mine.ticket, base, admin)
    const other = await staffRow(silent.ticket, base, admin)
    expectSuccess(
      await api('PUT', `/api/admin/reports/${row.id}`, { base, token: admin, json: { status: 'diproses' } }),
    )
    expectSuccess(
      await api('POST', `/api/admin/reports/${row.id}/responses`, {
        base,
        token: admin,
        json: { message: 'Kami cek.' },
      }),
      201,
    )
    expectSuccess(
      await api('PUT', `/api/admin/reports/${other.id}`, { base, token: admin, json: { status: 'selesai' } }),
    )
    await vi.waitFor(() => expect(mails).toHaveLength(2), { timeout: 20_000, interval: 200 })
    expect(mails.every((mail) => /To: warga@desa\.test/i.test(mail))).toBe(true)
    expect(mails[0]).toContain('Diproses')
    expect(mails[1]).toContain('Kami cek.')
    expect(mails.join('')).not.toContain(mine.tracking_code)

    // No log line holds a tracking code; no info line a name, phone or e-mail.
    const lines = server.output()
    expect(lines).not.toContain(mine.tracking_code)
    for (const line of server.logs().filter((entry) => entry.level === 'info'))
      for (const secret of ['Zyxwvut', '081299887766', 'Siti Aminah', '0812-3456-7890', 'warga@desa.test'])
        expect(JSON.stringify(line)).not.toContain(secret)

    // Closed 31 days ago (retention 30): the restart's clean-up erases the contact, keeps the report.
    expectSuccess(await api('PUT', `/api/admin/reports/${row.id}`, { base, token: admin, json: { status: 'selesai' } }))
    const longAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000)
    await queryDb(
      server,
      'UPDATE "reports" SET "closed_at" = $1 WHERE "id" = $2'.replace(/\$\d/g, server.dbFile ? '?' : '$&'),
      [server.dbFile ? longAgo.toISOString().replace('Z', '+00:00') : longAgo, row.id],
    )
    await server.stop()
    server = await startServer({ dir: server.dir, env: { REPORT_CONTACT_RETENTION_DAYS: '30', SEED_DEMO: 'false' } })
    // Gone from the database's files, not only from the row (decision 061), and from a backup taken afterwards.
    const erasedValues = ['Zyxwvut Qqqq', '081299887766', 'warga@desa.test']
    expect(await valuesInDatabaseFiles(server, erasedValues)).toEqual([])
    expect(valuesInBackup(server, erasedValues)).toEqual([])
    const token2 = await login('admin', 'password', server.url)
    const erased = expectSuccess(await api('GET', `/api/admin/reports/${row.id}`, { base: server.url, token: token2 }))
    expect(erased).toMatchObject({ name: '', phone: '', email: '', image: null, status: 'selesai' })
    expect(erased.contact_erased_at).not.toBeNull()
    expect(erased.responses).toHaveLength(1)
    const kept = expectSuccess(await api('GET', `/api/admin/reports/${other.id}`, { base: server.url, token: token2 }))
    expect(kept.phone).toBe('081234567890')
    expectSuccess(await track(mine.ticket, mine.tracking_code, clientAddress(), server.url))
    const log = expectSuccess(
      await api('GET', '/api/admin/activities?action=report_contact_erased', { base: server.url, token: token2 }),
    )
    expect(log.data[0]).toMatchObject({ resource: 'reports', resource_id: row.id, summary: mine.ticket })
  })

  it.skipIf(!onPostgres())(
    'rewrites the table once a lock held for a moment is gone: a deleted report leaves no contact in the file',
    async () => {
      const base = server.url
      const admin = await login('admin', 'password', base)
      const name = `Kunci ${crypto.randomBytes(6).toString('hex')}`
      const filed = expectSuccess(await file(report({ name }), clientAddress(), base), 201)
      const row = await staffRow(filed.ticket, base, admin)
      // Another session (an autoanalyze, a reader's transaction) holds a lock on the table for 0.6 s: VACUUM FULL with
      // SKIP_LOCKED skips the table while it does, and must try again once it is gone.
      const reader = new pg.Client({ connectionString: server.databaseUrl })
      await reader.connect()
      try {
        await reader.query('BEGIN')
        await reader.query('LOCK TABLE "reports" IN ACCESS SHARE MODE')
        const released = new Promise((resolve) => setTimeout(resolve, 600)).then(() => reader.query('COMMIT'))
        expectSuccess(await api('DELETE', `/api/admin/reports/${row.id}`, { base, token: admin }))
        await released
      } finally {
        await reader.end()
      }
      expect(await valuesInDatabaseFiles(server, [name])).toEqual([])
      expect(server.logs().filter((entry) => entry.event === 'erased-bytes')).toEqual([])
    },
  )
})

/**
 * Which of `values` the bytes of the server's database still hold: on SQLite the file and its WAL; on PostgreSQL
 * every page of the reports table, dead tuples and free space included (pageinspect).
 */
async function valuesInDatabaseFiles(server: TestServer, values: string[]) {
  const files: Buffer[] = []
  if (!onPostgres()) {
    for (const name of [server.dbFile, `${server.dbFile}-wal`])
      if (fs.existsSync(name)) files.push(fs.readFileSync(name))
  } else {
    await queryDb(server, 'CREATE EXTENSION IF NOT EXISTS pageinspect')
    const [{ pages }] = await queryDb<{ pages: number }>(
      server,
      "SELECT (pg_relation_size('reports') / current_setting('block_size')::int)::int AS pages",
    )
    for (let page = 0; page < pages; page++)
      files.push((await queryDb<{ raw: Buffer }>(server, 'SELECT get_raw_page(?, ?) AS raw', ['reports', page]))[0].raw)
  }
  return values.filter((value) => files.some((bytes) => bytes.includes(value)))
}

/**
 * Which of `values` a backup taken now (`npm run backup`) holds, decompressed. SQLite only: pg_dump writes the live
 * rows alone (and compresses each table), so nothing erased can reach it.
 */
function valuesInBackup(server: TestServer, values: string[]) {
  if (onPostgres()) return []
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-erased-backup-'))
  try {
    const archive = path.join(work, 'site.tar.gz')
    const backup = spawnSync(process.execPath, ['scripts/backup.mjs', '--out', archive], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: server.databaseUrl, UPLOADS_DIR: server.uploadsDir },
      encoding: 'utf8',
    })
    expect(backup.status, backup.stderr).toBe(0)
    const bytes = zlib.gunzipSync(fs.readFileSync(archive))
    return values.filter((value) => bytes.includes(value))
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}
