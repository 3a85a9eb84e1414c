import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import zlib from 'node:zlib'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { tinyPdf } from '../../app/lib/tiny-pdf'
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
import { onPostgres, startServer } from '../support/server'

/** docs/api.md "Documents and public information": PDFs judged by content, stored privately, public by the rule. */

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const privateDir = () => path.join(inject('serverDir'), 'uploads', 'private', 'documents')
const privateFiles = () => (fs.existsSync(privateDir()) ? fs.readdirSync(privateDir()).sort() : [])

const pdf = (title = 'Dokumen uji', extra: Partial<Parameters<typeof tinyPdf>[0]> = {}) =>
  tinyPdf({ pages: [[title, 'Halaman pertama']], ...extra })

function documentForm(fields: Record<string, string>, file?: { data: Buffer; name: string; type?: string }) {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  if (file)
    body.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/pdf' }), file.name)
  return body
}

const fields = (overrides: Record<string, string> = {}) => ({
  title: unique('Peraturan Desa Uji '),
  number: '9 Tahun 2026',
  kind: 'peraturan_desa',
  information_class: 'berkala',
  enacted_at: '2026-03-04',
  description: '<p>Tentang pengelolaan air bersih.</p>',
  ...overrides,
})

async function createDocument(overrides: Record<string, string> = {}, data = pdf(), as = token) {
  const result = await api('POST', '/api/admin/documents', {
    token: as,
    form: documentForm(fields(overrides), { data, name: 'perdes.pdf' }),
  })
  return result
}

/**
 * `megabytes` MB of spaces as a zlib stream of about 1 KB a MB: one compressed MB repeated (a non-final deflate block
 * that ends on a byte boundary, so copies follow one another), a final empty block, and a checksum PDF.js ignores.
 */
function spacesDeflated(megabytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20, 0x20), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
  const blocks: Buffer[] = Array.from({ length: megabytes }, () => block)
  return Buffer.concat([Buffer.from([0x78, 0x9c]), ...blocks, Buffer.from([0x03, 0x00]), Buffer.alloc(4)])
}

const created = async (overrides: Record<string, string> = {}, data = pdf()) =>
  expectSuccess(await createDocument(overrides, data), 201, 'Document created successfully')

const download = (slug: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}/dokumen/${slug}/unduh`, { headers })

describe('documents: create, read, update, delete', () => {
  it('stores a PDF in the private area and answers the contract fields', async () => {
    const before = privateFiles()
    const document = await created()
    expect(Object.keys(document)).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'slug',
        'number',
        'kind',
        'information_class',
        'enacted_at',
        'description',
        'file',
        'file_size',
        'status',
        'published_at',
        'created_at',
        'updated_at',
      ]),
    )
    expect(document).toMatchObject({
      number: '9 Tahun 2026',
      kind: 'peraturan_desa',
      information_class: 'berkala',
      enacted_at: '2026-03-04',
      status: 'published',
      file_size: pdf().length,
    })
    expect(document.file).toMatch(/^[a-f0-9]{32}\.pdf$/)
    const after = privateFiles()
    expect(after).toContain(document.file)
    // The PDF and its first page as a picture.
    expect(after.length - before.length).toBe(2)
    expect(fs.existsSync(path.join(inject('serverDir'), 'uploads', 'documents'))).toBe(false)
    const shown = expectSuccess(await api('GET', `/api/admin/documents/${document.id}`, { token }))
    expect(shown.title).toBe(document.title)
  })

  it('lists, searches and filters the public documents (title, number, description; kind, class, year)', async () => {
    const word = unique('sumur')
    const a = await created({ title: `Perdes ${word}`, kind: 'peraturan_desa', enacted_at: '2024-05-01' })
    const b = await created({
      title: unique('Laporan '),
      number: `${word}/2025`,
      kind: 'laporan',
      enacted_at: '2025-01-02',
    })
    const c = await created({
      title: unique('Pengumuman '),
      description: `<p>Air ${word} bersih</p>`,
      kind: 'informasi_publik',
      information_class: 'serta_merta',
      enacted_at: '2025-07-08',
    })
    const slugs = async (query: string) =>
      expectSuccess(await api('GET', `/api/public/documents?${query}`)).data.map((row: { slug: string }) => row.slug)
    expect(await slugs(`search=${word}`)).toEqual([c.slug, b.slug, a.slug])
    expect(await slugs(`search=${word}&kind=laporan`)).toEqual([b.slug])
    expect(await slugs(`search=${word}&year=2025`)).toEqual([c.slug, b.slug])
    expect(await slugs(`search=${word}&information_class=serta_merta`)).toEqual([c.slug])
    const page = expectSuccess(await api('GET', `/api/public/documents?search=${word}&kind=laporan&limit=1`))
    expect(page.first_page_url).toContain('kind=laporan')
    expect(expectSuccess(await api('GET', `/api/public/documents/${a.slug}`)).id).toBe(a.id)
    const screen = await (await fetch(`${baseUrl()}/dokumen?search=${word}&kind=laporan`)).text()
    expect(screen).toContain(b.title)
    expect(screen).not.toContain(a.title)
    expect(screen).toContain('Unduh')
  })

  it('downloads the PDF at /dokumen/{slug}/unduh with exactly the contract headers', async () => {
    const data = pdf('Unduhan')
    const document = await created({}, data)
    const response = await download(document.slug)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${document.slug}.pdf"`)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toBe('sandbox')
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true)
    const preview = await fetch(`${baseUrl()}/dokumen/${document.slug}/pratinjau.png`)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/png')
    expect(
      Buffer.from(await preview.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG')
    const page = await (await fetch(`${baseUrl()}/dokumen/${document.slug}`)).text()
    expect(page).toContain(`/dokumen/${document.slug}/pratinjau.png`)
    expect(page).toContain(`/dokumen/${document.slug}/unduh`)
  })

  it('keeps the file on an update without one, replaces it (and removes the old) with one', async () => {
    const document = await created()
    const kept = expectSuccess(
      await api('PUT', `/api/admin/documents/${document.id}`, {
        token,
        form: documentForm(fields({ title: document.title, number: '10 Tahun 2026' })),
      }),
    )
    expect(kept).toMatchObject({ file: document.file, number: '10 Tahun 2026' })
    const next = pdf('Versi kedua')
    const replaced = expectSuccess(
      await api('PUT', `/api/admin/documents/${document.id}`, {
        token,
        form: documentForm(fields({ title: document.title }), { data: next, name: 'baru.pdf' }),
      }),
    )
    expect(replaced.file).not.toBe(document.file)
    expect(privateFiles()).toContain(replaced.file)
    expect(privateFiles()).not.toContain(document.file)
    expect(Buffer.from(await (await download(document.slug)).arrayBuffer()).equals(next)).toBe(true)
    expectSuccess(
      await api('DELETE', `/api/admin/documents/${document.id}`, { token }),
      200,
      'Document deleted successfully',
    )
    expect(privateFiles()).not.toContain(replaced.file)
    expect((await download(document.slug)).status).toBe(404)
  })

  it('needs the documents permissions', async () => {
    const reader = await userWithPermissions(['documents-index'])
    expectFailure(await createDocument({}, pdf(), reader.token), 403, 'Forbidden', null)
    expectFailure(await api('GET', '/api/admin/documents'), 401, 'Unauthenticated', null)
  })
})

describe('documents: bad input is refused whole', () => {
  const refused = async (file: { data: Buffer; name: string; type?: string } | undefined, overrides = {}) => {
    const before = privateFiles()
    const title = unique('Ditolak ')
    const result = await api('POST', '/api/admin/documents', {
      token,
      form: documentForm(fields({ title, ...overrides }), file),
    })
    // Nothing half-stored: no file, no row.
    expect(privateFiles()).toEqual(before)
    const listed = expectSuccess(
      await api('GET', `/api/admin/documents?search=${encodeURIComponent(title)}`, { token }),
    )
    expect(listed.total).toBe(0)
    return result
  }

  it('refuses a renamed picture, an HTML page and a damaged PDF with 422 on File', async () => {
    const picture = await jpeg()
    expectFailure(await refused({ data: picture.data, name: 'perdes.pdf' }), 422, 'Validation Errors', {
      File: 'File must be a PDF document',
    })
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')
    expect((await refused({ data: html, name: 'perdes.pdf', type: 'application/pdf' })).body.errors).toHaveProperty(
      'File',
    )
    const whole = pdf()
    const damaged = (await refused({ data: whole.subarray(0, whole.length - 40), name: 'rusak.pdf' })).body
    expect(damaged.errors.File).toMatch(/damaged|PDF/)
    const junk = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4000, 'x'), Buffer.from('\n%%EOF\n')])
    expect((await refused({ data: junk, name: 'junk.pdf' })).body.errors.File).toBe(
      'File is damaged or not a valid PDF document',
    )
  })

  it('names every missing or invalid field at once, the file included', async () => {
    const result = await refused(undefined, {
      title: '',
      kind: 'surat',
      information_class: 'rahasia',
      enacted_at: '2026-02-30',
    })
    expectFailure(result, 422, 'Validation Errors')
    expect(result.body.errors).toEqual({
      Title: 'Title is required',
      Kind:
        'Kind must be one of peraturan_desa, peraturan_kepala_desa, peraturan_bersama, keputusan_kepala_desa, ' +
        'laporan, informasi_publik, lainnya',
      Information_class: 'Information_class must be one of berkala, serta_merta, setiap_saat, dikecualikan',
      Enacted_at: 'Enacted_at must be a date (YYYY-MM-DD)',
      File: 'File is required',
    })
  })

  it('refuses a 21 MB file with 413 on File while it streams in', async () => {
    const big = pdf('Besar', { padding: 21 * 1024 * 1024 })
    const result = await refused({ data: big, name: 'besar.pdf' })
    expectFailure(result, 413, 'Payload Too Large', { File: 'File may not be larger than 20 MB' })
  })

  // Once, on SQLite: reading a PDF does not depend on the database (and this takes about 10 s).
  it.skipIf(onPostgres())(
    'refuses a PDF built to be slow with 422 on File within seconds, the server answering meanwhile',
    async () => {
      // PDF work runs in a child process with a time and a memory limit (docs/decisions/062): a first page 10 million
      // points high (a canvas of 13 billion pixels once drawn) and a content stream that inflates to 640 MB.
      const slow = [
        { data: pdf('Tinggi', { mediaBox: [0, 0, 612, 10_000_000] }), error: /page larger than a PDF page may be/ },
        { data: pdf('Bom', { deflatedContent: spacesDeflated(640) }), error: /too long|too much memory/ },
      ]
      for (const { data, error } of slow) {
        let done = false
        const started = performance.now()
        const upload = refused({ data, name: 'lambat.pdf' }).finally(() => (done = true))
        // Another village's visitor meanwhile: a public read the response cache cannot answer (its search is new).
        const latencies: number[] = []
        while (!done) {
          const asked = performance.now()
          const read = await fetch(`${baseUrl()}/api/public/posts?search=${unique('baca')}`)
          expect(read.status).toBe(200)
          await read.arrayBuffer()
          latencies.push(performance.now() - asked)
          await sleep(50)
        }
        const result = await upload
        expect(performance.now() - started).toBeLessThan(10_000)
        expectFailure(result, 422, 'Validation Errors')
        expect(result.body.errors.File).toMatch(error)
        expect(Math.max(...latencies)).toBeLessThan(1_000)
      }
      // The worker killed for the last one is replaced: the next PDF is read, and its preview drawn.
      const document = await created()
      const preview = await fetch(`${baseUrl()}/dokumen/${document.slug}/pratinjau.png`)
      expect(preview.status).toBe(200)
      expect(preview.headers.get('content-type')).toBe('image/png')
    },
  )

  // Once, on SQLite, on a server of its own where no PDF may wait for the worker (PDF_QUEUE_MAX=0).
  it.skipIf(onPostgres())('answers 503 with Retry-After when the line for the PDF worker is full', async () => {
    // Without a bound every upload of every village waited behind a flood of PDFs, up to 6 s each (decision 065).
    const own = await startServer({ env: { PDF_QUEUE_MAX: '0' } })
    try {
      const ownToken = await login('admin', 'password', own.url)
      const upload = () =>
        api('POST', '/api/admin/documents', {
          base: own.url,
          token: ownToken,
          form: documentForm(fields(), { data: pdf(), name: 'antre.pdf' }),
        })
      // Ten at once, while the first starts the worker (half a second): one is read, the others find the line full.
      const answers = await Promise.all(Array.from({ length: 10 }, upload))
      const refused = answers.filter((answer) => answer.status !== 201)
      expect(refused.length).toBeGreaterThan(0)
      expect(refused.length).toBeLessThan(10)
      for (const answer of refused) {
        expectFailure(answer, 503, 'Service Unavailable', {
          File: 'The server is reading other PDF files; try again in a minute',
        })
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
      }
      // The line emptied: a PDF is read again.
      expect((await upload()).status).toBe(201)
    } finally {
      await own.stop()
      if (!process.env.KEEP_TEST_DATA) fs.rmSync(own.dir, { recursive: true, force: true })
    }
  })

  it('refuses gambling spam in the title with 422 naming the phrase', async () => {
    const result = await refused({ data: pdf(), name: 'a.pdf' }, { title: unique('Slot gacor maxwin ') })
    expect(result.status).toBe(422)
    expect(result.body.errors.Title).toMatch(/judi online/)
  })

  it('stores a PDF with JavaScript or an embedded file, served only as a sandboxed attachment', async () => {
    for (const extra of [{ javascript: 'app.alert("x")' }, { attachment: { name: 'a.txt', text: 'isi' } }]) {
      const document = await created({}, pdf('Aktif', extra))
      expect(document.active_content).toBe(true)
      const response = await download(document.slug)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/)
      expect(response.headers.get('content-security-policy')).toBe('sandbox')
      const page = await (await fetch(`${baseUrl()}/dokumen/${document.slug}`)).text()
      expect(page).not.toMatch(/<(iframe|embed|object)\b/)
    }
    expect((await created()).active_content).toBe(false)
  })

  it('shows markup in its plain-text fields as text', async () => {
    const document = await created({ title: unique('<img src=x onerror=alert(1)> Perdes ') })
    const page = await (await fetch(`${baseUrl()}/dokumen/${document.slug}`)).text()
    expect(page).not.toContain('<img src=x onerror')
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
})

describe('an exempt or unpublished document is reachable by no public address', () => {
  const unreachable = async (document: { slug: string; file: string; title: string }) => {
    expectFailure(await api('GET', `/api/public/documents/${document.slug}`), 404, 'Document not found', null)
    expect((await fetch(`${baseUrl()}/dokumen/${document.slug}`)).status).toBe(404)
    for (const address of [
      `/dokumen/${document.slug}/unduh`,
      `/dokumen/${document.slug}/pratinjau.png`,
      `/uploads/documents/${document.file}`,
      `/uploads/private/documents/${document.file}`,
      `/uploads/private%2Fdocuments/${document.file}`,
      `/uploads/posts/${document.file}`,
      `/uploads/../uploads/private/documents/${document.file}`,
    ]) {
      const response = await fetch(`${baseUrl()}${address}`)
      expect(response.status, address).toBe(404)
      expect(Buffer.from(await response.arrayBuffer()).includes(Buffer.from('%PDF-')), address).toBe(false)
    }
    const list = expectSuccess(await api('GET', `/api/public/documents?search=${encodeURIComponent(document.title)}`))
    expect(list.total).toBe(0)
    const exempt = expectSuccess(
      await api(
        'GET',
        `/api/public/documents?information_class=dikecualikan&search=${encodeURIComponent(document.title)}`,
      ),
    )
    expect(exempt.total).toBe(0)
    const all = expectSuccess(await api('GET', '/api/public/documents?information_class=dikecualikan&limit=100'))
    expect(all.total).toBe(0)
    for (const address of [
      '/dokumen',
      '/ppid',
      '/sitemap.xml',
      `/dokumen?search=${encodeURIComponent(document.title)}`,
    ])
      expect(await (await fetch(`${baseUrl()}${address}`)).text(), address).not.toContain(document.slug)
  }

  it('hides a dikecualikan document and its file; staff with documents-show download it', async () => {
    const data = pdf('Rahasia')
    const document = await created({ information_class: 'dikecualikan' }, data)
    await unreachable(document)
    // Staff: bearer token or the admin's cookie.
    const byBearer = await download(document.slug, { Authorization: `Bearer ${token}` })
    expect(byBearer.status).toBe(200)
    expect(byBearer.headers.get('cache-control')).toBe('no-store')
    expect(Buffer.from(await byBearer.arrayBuffer()).equals(data)).toBe(true)
    expect((await download(document.slug, { Cookie: `token=${token}` })).status).toBe(200)
    // An invalid token, or a user without the permission, gets the anonymous answer.
    expect((await download(document.slug, { Authorization: 'Bearer not-a-token' })).status).toBe(404)
    const other = await userWithPermissions(['documents-index'])
    expect((await download(document.slug, { Authorization: `Bearer ${other.token}` })).status).toBe(404)
    const shower = await userWithPermissions(['documents-show'])
    expect((await download(document.slug, { Authorization: `Bearer ${shower.token}` })).status).toBe(200)
  })

  it('hides a draft and a scheduled document until they are published', async () => {
    await unreachable(await created({ status: 'draft' }))
    await unreachable(await created({ status: 'published', published_at: '2099-01-01T00:00:00Z' }))
    const draft = await created({ status: 'draft' })
    const published = expectSuccess(
      await api('PUT', `/api/admin/documents/${draft.id}`, {
        token,
        form: documentForm(fields({ title: draft.title, status: 'published' })),
      }),
    )
    expect((await download(published.slug)).status).toBe(200)
    // Made exempt later: gone at once from every public address.
    const exempt = expectSuccess(
      await api('PUT', `/api/admin/documents/${draft.id}`, {
        token,
        form: documentForm(fields({ title: draft.title, information_class: 'dikecualikan' })),
      }),
    )
    await unreachable(exempt)
  })
})

describe('odd file addresses', () => {
  it('answers a NUL, an unknown slug and a bad percent-encoding as such, never with a 500', async () => {
    for (const slug of ['%00', 'a%00b', 'tidak-ada-sama-sekali'])
      expect((await fetch(`${baseUrl()}/dokumen/${slug}/unduh`)).status, slug).toBe(404)
    // A dot segment, encoded or not, is the front's 400 at every path (decision 059), as a bad escape is.
    for (const slug of ['%ff', '..%2F..%2Fetc%2Fpasswd'])
      expect((await fetch(`${baseUrl()}/dokumen/${slug}/unduh`)).status, slug).toBe(400)
    expect((await fetch(`${baseUrl()}/dokumen/x/unduh`, { method: 'POST' })).status).not.toBe(500)
  })
})

describe('/ppid', () => {
  it('lists the public documents under the three classes, and links to the request form', async () => {
    const document = await created({ information_class: 'serta_merta' })
    const whole = await (await fetch(`${baseUrl()}/ppid`)).text()
    // The screen itself: the layout's footer has headings of its own.
    const page = whole.slice(whole.indexOf('<main'), whole.indexOf('</main>'))
    expect(page).toContain('<h1 class="text-2xl font-bold text-gray-900 md:text-3xl">Informasi Publik</h1>')
    const headings = [...page.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1])
    expect(headings).toEqual([
      'Daftar dan Laporan',
      'Informasi Berkala',
      'Informasi Serta Merta',
      'Informasi Setiap Saat',
    ])
    const sertaMerta = page.slice(page.indexOf('Informasi Serta Merta'), page.indexOf('Informasi Setiap Saat'))
    expect(sertaMerta).toContain(document.title)
    expect(page).toContain('href="/layanan"')
  })
})

describe('PDF.js stays out of the server process (docs/decisions/062)', () => {
  it('refuses a JSON body nested 10,000 deep with 400, after a PDF was read as before', async () => {
    await created()
    for (const nested of ['['.repeat(10_000) + ']'.repeat(10_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)]) {
      const result = await api('POST', '/api/admin/pages', {
        token,
        headers: { 'Content-Type': 'application/json' },
        body: `{"title":${nested},"content":"<p>Isi</p>"}`,
      })
      expectFailure(result, 400, 'Malformed JSON', {
        Error: 'The request body may not nest more than 64 levels deep',
      })
    }
    // As deep as a body may be, it is judged as before: a title that is no text is a 422 on Title.
    const deepest = '['.repeat(63) + ']'.repeat(63)
    const judged = await api('POST', '/api/admin/pages', {
      token,
      headers: { 'Content-Type': 'application/json' },
      body: `{"title":${deepest},"content":"<p>Isi</p>"}`,
    })
    expectFailure(judged, 422, 'Validation Errors')
    expect(judged.body.errors).toHaveProperty('Title')
  })

  it('reads and draws PDFs in a child process: Skia is never loaded in the server, PDF.js never runs there', async () => {
    const pid = inject('serverPid')
    await created()
    // The native half of @napi-rs/canvas, mapped into a process that loads it (Linux names what each maps).
    const maps = fs.readFileSync(`/proc/${pid}/maps`, 'utf8')
    expect(maps).not.toMatch(/skia|napi-rs/)
    // The reader is a child of the server's: core/pdf-worker.mjs, kept for the next upload.
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
    const commands = children.map((child) => fs.readFileSync(`/proc/${child}/cmdline`, 'utf8'))
    expect(commands.some((command) => command.includes('core/pdf-worker.mjs'))).toBe(true)
  })
})
