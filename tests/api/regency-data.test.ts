import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { regencyClient } from '../support/regency'
import { startServer, testClock, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

/**
 * The regency's data (docs/api.md "The regency's data"; decision 081), black box on a regency install: villages'
 * Kemendagri codes and kecamatan, the regency's accounts and a camat's reach, the figures computed from each village's
 * own data, the open data at `/data` and its DCAT catalogue, and the portal answered from the response cache.
 */

const REGENCY = 'kab.test'
let server: TestServer
const clock = testClock()
const DAY = 24 * 3600 * 1000
/**
 * LOG_LEVEL debug: the passes over the villages are logged (`regency-portal-read`, `regency-figures-read`,
 * `regency-open-data-read`), counted below. The movable clock: a scheduled project's time arriving moves the figures
 * without a write.
 */
const serverEnv = { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined, LOG_LEVEL: 'debug', ...clock.env }
const { call, host, loginAt, newPost, ...client } = regencyClient(() => server, REGENCY)
let regencyToken: string
const newVillage = (slug: string, name: string, extra: Record<string, unknown> = {}) =>
  client.newVillage(regencyToken, slug, name, extra)
const atRegency = (method: string, address: string, json?: unknown, token = regencyToken) =>
  call(REGENCY, method, address, { token, json })

/** A published APBDes of `year` in a village: pendapatan, belanja and the belanja spent. */
async function budget(site: string, token: string, year: number, pendapatan: number, belanja: number, spent: number) {
  const created = await call(site, 'POST', '/api/admin/budgets', {
    token,
    json: {
      year,
      items: [
        { type: 'pendapatan', group: 'Dana Desa', name: 'Dana Desa', amount: pendapatan, realized: 0 },
        { type: 'belanja', group: 'Bidang Pembangunan', name: 'Jalan', amount: belanja, realized: spent },
      ],
    },
  })
  expect(created.status, created.text).toBe(201)
}

/** A villager's NIK (letters, issue 37). */
const NIK = '3203014508900002'

const PROJECT = { year: 2025, budget: 1000, location: 'Dusun I', funding_source: 'Dana Desa' }

/** A published statistics dataset in a village. */
async function dataset(site: string, token: string, title: string, columns: string[], rows: [string, ...number[]][]) {
  const created = await call(site, 'POST', '/api/admin/statistics', {
    token,
    json: {
      title,
      category: 'penduduk',
      unit: 'jiwa',
      year: 2026,
      source: 'Profil Desa',
      label_column: 'Dusun',
      columns,
      rows: rows.map(([label, ...values]) => ({ label, values })),
    },
  })
  expect(created.status, created.text).toBe(201)
  return created.body.data
}

describe("the regency's data", () => {
  let a: Awaited<ReturnType<typeof newVillage>>
  let b: Awaited<ReturnType<typeof newVillage>>
  let c: Awaited<ReturnType<typeof newVillage>>
  let camatToken: string

  beforeAll(async () => {
    server = await startServer({ env: serverEnv })
    regencyToken = await loginAt(REGENCY, 'kabupaten', 'password')
    a = await newVillage('sukamaju', 'Desa Sukamaju', { kode_wilayah: '33.01.01.2001', kecamatan: 'Kedungreja' })
    b = await newVillage('mekarsari', 'Desa Mekarsari', { kode_wilayah: '33.01.01.2002', kecamatan: 'Kedungreja' })
    c = await newVillage('tenggara', 'Desa Tenggara', { kecamatan: 'Sidareja' })
  })

  /**
   * `count` requests of each address at once, at the regency's host, uncached (with a cookie the response cache never
   * answers: every request reaches the app): each a 200 showing `text`.
   */
  async function uncachedBurst(asked: [string, number][], text: string) {
    const uncached = { headers: { Accept: 'text/html', Cookie: 'uji=1' } }
    const burst = await Promise.all(
      asked.flatMap(([address, count]) => Array.from({ length: count }, () => call(REGENCY, 'GET', address, uncached))),
    )
    for (const answer of burst) {
      expect(answer.status).toBe(200)
      expect(answer.headers['x-cache']).not.toBe('HIT')
      expect(answer.text).toContain(text)
    }
    return burst
  }

  afterAll(async () => {
    await server?.stop()
    clock.remove()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('keeps each village’s Kemendagri code and kecamatan, refuses a malformed or duplicate code, filters', async () => {
    expect(a.village).toMatchObject({ kode_wilayah: '33.01.01.2001', kecamatan: 'Kedungreja' })
    expect(c.village).toMatchObject({ kode_wilayah: null, kecamatan: 'Sidareja' })
    for (const bad of ['33.01.01.201', '3301012001', '33.01.01.2001x', 'aa.bb.cc.dddd', 17]) {
      const refused = await atRegency('POST', '/api/regency/villages', {
        slug: 'salah',
        name: 'Desa Salah',
        kode_wilayah: bad,
      })
      expect(refused.status, String(bad)).toBe(422)
      expect(Object.keys(refused.body.errors)).toEqual(['Kode_wilayah'])
    }
    const duplicate = await atRegency('POST', '/api/regency/villages', {
      slug: 'kembar',
      name: 'Desa Kembar',
      kode_wilayah: '33.01.01.2001',
    })
    expect(duplicate.status).toBe(422)
    expect(duplicate.body.errors).toEqual({ Kode_wilayah: 'Kode_wilayah already exists' })
    const changed = await atRegency('PUT', `/api/regency/villages/${c.village.id}`, { kode_wilayah: '33.01.01.2001' })
    expect(changed.status).toBe(422)
    expect(changed.body.errors.Kode_wilayah).toBe('Kode_wilayah already exists')
    // An import checks the code as a create does, before anything is read.
    const form = new FormData()
    form.set('slug', 'impor')
    form.set('name', 'Desa Impor')
    form.set('kode_wilayah', '33.01')
    const imported = await call(REGENCY, 'POST', '/api/regency/villages/import', { token: regencyToken, form })
    expect(imported.status).toBe(422)
    expect(imported.body.errors.Kode_wilayah).toMatch(/NN\.NN\.NN\.NNNN/)
    const set = await atRegency('PUT', `/api/regency/villages/${c.village.id}`, { kode_wilayah: ' 33.01.02.2001 ' })
    expect(set.status, set.text).toBe(200)
    expect(set.body.data).toMatchObject({ kode_wilayah: '33.01.02.2001', kecamatan: 'Sidareja' })
    // Grouped by kecamatan, filtered by one.
    const all = await atRegency('GET', '/api/regency/villages')
    expect(all.body.data.data.map((village: any) => village.slug)).toEqual(['mekarsari', 'sukamaju', 'tenggara'])
    const one = await atRegency('GET', '/api/regency/villages?kecamatan=sidareja')
    expect(one.body.data.data.map((village: any) => village.slug)).toEqual(['tenggara'])
  })

  it('makes regency accounts; a camat sees only its kecamatan’s villages and writes nothing', async () => {
    for (const [body, key] of [
      [
        { name: 'Camat', username: 'camat1', email: 'c1@example.com', password: 'sandi-camat-2026', role: 'camat' },
        'Kecamatan',
      ],
      [{ name: 'X', username: 'x1', email: 'x1@example.com', password: 'sandi-camat-2026', role: 'lurah' }, 'Role'],
      [
        { name: 'X', username: 'kabupaten', email: 'x2@example.com', password: 'sandi-camat-2026', role: 'kabupaten' },
        'Username',
      ],
    ] as const) {
      const refused = await atRegency('POST', '/api/regency/users', body)
      expect(refused.status, refused.text).toBe(422)
      expect(refused.body.errors[key]).toBeTruthy()
    }
    const created = await atRegency('POST', '/api/regency/users', {
      name: 'Camat Kedungreja',
      username: 'camat-kedungreja',
      email: 'camat@example.com',
      password: 'sandi-camat-2026',
      role: 'camat',
      kecamatan: 'Kedungreja',
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body.data).toMatchObject({ role: 'camat', kecamatan: 'Kedungreja', two_factor_enabled: false })
    expect(JSON.stringify(created.body)).not.toContain('sandi-camat')
    const listed = await atRegency('GET', '/api/regency/users')
    expect(listed.body.data.data.map((user: any) => [user.username, user.role])).toEqual([
      ['kabupaten', 'kabupaten'],
      ['camat-kedungreja', 'camat'],
    ])
    camatToken = await loginAt(REGENCY, 'camat-kedungreja', 'sandi-camat-2026')
    const login = await call(REGENCY, 'POST', '/api/login', {
      json: { username: 'camat-kedungreja', password: 'sandi-camat-2026' },
    })
    expect(login.body.data.permissions).toEqual({ 'regency-camat': true })
    // A camat's token is a regency token: refused at every village.
    expect((await call(host('sukamaju'), 'GET', '/api/admin/me', { token: camatToken })).status).toBe(401)

    const mine = await atRegency('GET', '/api/regency/villages', undefined, camatToken)
    expect(mine.status).toBe(200)
    expect(mine.body.data.data.map((village: any) => village.slug)).toEqual(['mekarsari', 'sukamaju'])
    expect(
      (await atRegency('GET', '/api/regency/villages?kecamatan=Sidareja', undefined, camatToken)).body.data.total,
    ).toBe(0)
    expect((await atRegency('GET', `/api/regency/villages/${a.village.id}`, undefined, camatToken)).status).toBe(200)
    const other = await atRegency('GET', `/api/regency/villages/${c.village.id}`, undefined, camatToken)
    expect(other.status).toBe(404)
    expect((await atRegency('GET', '/api/regency/villages/nope', undefined, camatToken)).status).toBe(404)

    const writes: [string, string, unknown?][] = [
      ['POST', '/api/regency/villages', { slug: 'baru', name: 'Desa Baru' }],
      ['PUT', `/api/regency/villages/${a.village.id}`, { name: 'Ganti' }],
      ['PUT', `/api/regency/villages/${a.village.id}`, { status: 'suspended' }],
      ['DELETE', `/api/regency/villages/${a.village.id}`],
      ['GET', `/api/regency/villages/${a.village.id}/export`],
      ['GET', '/api/regency/users'],
      [
        'POST',
        '/api/regency/users',
        { name: 'X', username: 'x', email: 'x@example.com', password: 'x', role: 'camat' },
      ],
      ['DELETE', `/api/regency/users/${created.body.data.id}`],
      ['POST', '/api/regency/announcements', { title: 'X', content: 'Y' }],
    ]
    for (const [method, address, json] of writes) {
      const refused = await atRegency(method, address, json, camatToken)
      expect(refused.status, `${method} ${address}`).toBe(403)
    }
    const importForm = new FormData()
    importForm.set('slug', 'impor')
    importForm.set('name', 'Desa Impor')
    const imported = await call(REGENCY, 'POST', '/api/regency/villages/import', {
      token: camatToken,
      form: importForm,
    })
    expect(imported.status).toBe(403)
    // The last kabupaten account keeps its role and its account.
    const me = listed.body.data.data[0]
    const demote = await atRegency('PUT', `/api/regency/users/${me.id}`, {
      ...me,
      password: '',
      role: 'camat',
      kecamatan: 'X',
    })
    expect(demote.status).toBe(409)
  })

  it('computes the figures from each village’s own data, per kecamatan and in total; a camat gets its own', async () => {
    await budget(host('sukamaju'), a.token, 2025, 1_000_000_000, 800_000_000, 400_000_000)
    await budget(host('mekarsari'), b.token, 2025, 500_000_000, 200_000_000, 200_000_000)
    await budget(host('mekarsari'), b.token, 2026, 600_000_000, 300_000_000, 0)
    const project = await call(host('sukamaju'), 'POST', '/api/admin/developments', {
      token: a.token,
      json: { ...PROJECT, title: 'Jalan Dusun', progress: 40 },
    })
    expect(project.status, project.text).toBe(201)
    await call(host('sukamaju'), 'POST', '/api/admin/developments', {
      token: a.token,
      json: { ...PROJECT, title: 'Sumur Bor', progress: 100 },
    })
    const filed = await call(host('mekarsari'), 'POST', '/api/public/reports', {
      json: {
        kind: 'pengaduan',
        name: 'Warga',
        phone: '081234567890',
        subject: 'Lampu jalan',
        message: 'Lampu jalan mati di RT 2.',
      },
    })
    expect(filed.status, filed.text).toBe(201)
    // Letters (issue 37) in Mekarsari: a villager's request waiting, and a walk-in letter issued at once.
    const type = await call(host('mekarsari'), 'POST', '/api/admin/letter-types', {
      token: b.token,
      json: { name: 'Surat Keterangan Domisili', code: '470', body: '<p>{{nama}}</p>' },
    })
    expect(type.status, type.text).toBe(201)
    const letterType = type.body.data.slug
    const request = new FormData()
    for (const [key, value] of Object.entries({
      letter_type: letterType,
      name: 'Rina Marlina',
      nik: NIK,
      phone: '081234567890',
      data: '{}',
    }))
      request.set(key, value)
    const requested = await call(host('mekarsari'), 'POST', '/api/public/letter-requests', { form: request })
    expect(requested.status, requested.text).toBe(201)
    const walkIn = await call(host('mekarsari'), 'POST', '/api/admin/letters', {
      token: b.token,
      json: { letter_type: letterType, name: 'Siti Rahmawati', nik: NIK, data: {} },
    })
    expect(walkIn.status, walkIn.text).toBe(201)

    const answer = await atRegency('GET', '/api/regency/figures')
    expect(answer.status, answer.text).toBe(200)
    const { villages, kecamatan, total } = answer.body.data
    const bySlug = Object.fromEntries(villages.map((row: any) => [row.slug, row]))
    expect(Object.keys(bySlug[a.village.slug]).sort()).toEqual(
      [
        'apbdes',
        'developments',
        'kecamatan',
        'kode_wilayah',
        'last_published_at',
        'letters',
        'name',
        'ppid',
        'reports',
        'slug',
      ].sort(),
    )
    expect(bySlug.sukamaju).toMatchObject({
      kecamatan: 'Kedungreja',
      kode_wilayah: '33.01.01.2001',
      apbdes: { year: 2025, pendapatan: 1_000_000_000, belanja: 800_000_000, realisasi_belanja_pct: 50 },
      developments: { count: 2, avg_progress: 70 },
      reports: { open: 0, on_time_pct: null },
      letters: { pending: 0, issued_30d: 0 },
    })
    // Each village's newest published year by default.
    expect(bySlug.mekarsari.apbdes).toEqual({
      year: 2026,
      pendapatan: 600_000_000,
      belanja: 300_000_000,
      realisasi_belanja_pct: 0,
    })
    expect(bySlug.mekarsari.reports.open).toBe(1)
    expect(bySlug.mekarsari.letters).toEqual({ pending: 1, issued_30d: 1 })
    expect(bySlug.tenggara.letters).toEqual({ pending: 0, issued_30d: 0 })
    expect(bySlug.tenggara.apbdes).toBeNull()
    // `dip_entries` counts the village's own Daftar Informasi Publik without a year (issue 38).
    const dip = await call(host('sukamaju'), 'GET', '/api/public/ppid/dip')
    expect(dip.status, dip.text).toBe(200)
    expect(bySlug.sukamaju.ppid.dip_entries).toBe(dip.body.data.length)
    expect(bySlug.sukamaju.ppid.dip_entries).toBeGreaterThanOrEqual(3)
    // Kecamatan sums: amounts summed, the percentage recomputed from them (400 of 1,100 million), never averaged.
    const kedungreja = kecamatan.find((row: any) => row.kecamatan === 'Kedungreja')
    expect(kedungreja).toMatchObject({
      villages: 2,
      apbdes: { year: 2026, pendapatan: 1_600_000_000, belanja: 1_100_000_000, realisasi_belanja_pct: 36.4 },
      developments: { count: 2, avg_progress: 70 },
      reports: { open: 1 },
      letters: { pending: 1, issued_30d: 1 },
    })
    expect(kecamatan.find((row: any) => row.kecamatan === 'Sidareja').letters).toEqual({ pending: 0, issued_30d: 0 })
    expect(total).toMatchObject({
      villages: 3,
      developments: { count: 2 },
      reports: { open: 1 },
      letters: { pending: 1, issued_30d: 1 },
    })
    expect(total.ppid.dip_entries).toBe(villages.reduce((sum: number, row: any) => sum + row.ppid.dip_entries, 0))

    // `year` picks the APBDes year; a bad one is a 422 on `Year`.
    const of2025 = await atRegency('GET', '/api/regency/figures?year=2025')
    const kedungreja2025 = of2025.body.data.kecamatan.find((row: any) => row.kecamatan === 'Kedungreja')
    expect(kedungreja2025.apbdes).toEqual({
      year: 2025,
      pendapatan: 1_500_000_000,
      belanja: 1_000_000_000,
      realisasi_belanja_pct: 60,
    })
    for (const bad of ['1999', 'abc', '20255']) {
      const refused = await atRegency('GET', `/api/regency/figures?year=${bad}`)
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.body.errors)).toEqual(['Year'])
    }

    // A camat's figures and CSV: its kecamatan's villages only.
    const camat = await atRegency('GET', '/api/regency/figures', undefined, camatToken)
    expect(camat.body.data.villages.map((row: any) => row.slug).sort()).toEqual(['mekarsari', 'sukamaju'])
    expect(camat.body.data.kecamatan.map((row: any) => row.kecamatan)).toEqual(['Kedungreja'])
    const csv = await atRegency('GET', '/api/regency/figures.csv', undefined, camatToken)
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    const lines = csv.text.trim().split('\r\n')
    expect(lines[0]).toMatch(/^Desa,Slug,Kecamatan,Kode Wilayah,/)
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[1])
        .sort(),
    ).toEqual(['mekarsari', 'sukamaju'])

    // A suspended village is out of the figures, and back when resumed; its figures move with its data.
    await atRegency('PUT', `/api/regency/villages/${a.village.id}`, { status: 'suspended' })
    const without = await atRegency('GET', '/api/regency/figures')
    expect(without.body.data.villages.map((row: any) => row.slug)).not.toContain('sukamaju')
    expect(without.body.data.total.developments.count).toBe(0)
    await atRegency('PUT', `/api/regency/villages/${a.village.id}`, { status: 'active' })
    await call(host('sukamaju'), 'POST', '/api/admin/developments', {
      token: a.token,
      json: { ...PROJECT, title: 'Balai Dusun', progress: 10 },
    })
    const back = await atRegency('GET', '/api/regency/figures')
    expect(back.body.data.total.developments).toEqual({ count: 3, avg_progress: 50 })
  })

  it('publishes every village’s datasets at /data, sums the shared ones, names the villages left out, DCAT', async () => {
    await dataset(
      host('sukamaju'),
      a.token,
      'Jumlah Penduduk',
      ['Laki-laki', 'Perempuan'],
      [
        ['Dusun I', 100, 110],
        ['Dusun II', 50, 40],
      ],
    )
    await dataset(host('mekarsari'), b.token, 'Jumlah Penduduk', ['Laki-laki', 'Perempuan'], [['Dusun Krajan', 70, 80]])
    await dataset(host('tenggara'), c.token, 'Jumlah Penduduk', ['Jiwa'], [['Semua', 300]])
    const page = await call(REGENCY, 'GET', '/data', { headers: { Accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.text).toContain('<h1')
    expect(page.text).toContain('Data Terbuka')
    expect(page.text).toMatch(/Tidak dijumlahkan karena kolomnya berbeda: (<!-- -->)?Desa Tenggara/)
    const regencyCsv = await call(REGENCY, 'GET', '/data/kabupaten/jumlah-penduduk.csv')
    expect(regencyCsv.status).toBe(200)
    expect(regencyCsv.text.split('\r\n')).toEqual([
      'Wilayah,Tingkat,Kode Wilayah,Laki-laki,Perempuan',
      'Desa Mekarsari,desa,33.01.01.2002,70,80',
      'Desa Sukamaju,desa,33.01.01.2001,150,150',
      'Kecamatan Kedungreja,kecamatan,33.01.01,220,230',
      '',
    ])
    const regencyJson = await call(REGENCY, 'GET', '/data/kabupaten/jumlah-penduduk.json')
    expect(regencyJson.body).toMatchObject({
      kode_wilayah: '33.01',
      left_out: [{ slug: 'tenggara', name: 'Desa Tenggara' }],
    })
    const villageJson = await call(REGENCY, 'GET', '/data/desa/tenggara/jumlah-penduduk.json')
    expect(villageJson.body).toMatchObject({ columns: ['Jiwa'], rows: [{ label: 'Semua', values: [300] }] })
    expect((await call(REGENCY, 'GET', '/data/desa/tenggara/tidak-ada.csv')).status).toBe(404)
    expect((await call(REGENCY, 'GET', '/data/kabupaten/tidak-ada.json')).status).toBe(404)
    // Not a village's address.
    expect((await call(host('sukamaju'), 'GET', '/data/catalog.json')).status).toBe(404)

    const catalog = await call(REGENCY, 'GET', '/data/catalog.json')
    expect(catalog.status).toBe(200)
    expect(catalog.body['@type']).toBe('dcat:Catalog')
    const datasets = catalog.body['dcat:dataset']
    expect(datasets).toHaveLength(4)
    for (const entry of datasets) {
      expect(entry['@type']).toBe('dcat:Dataset')
      for (const key of [
        'dct:title',
        'dct:description',
        'dct:publisher',
        'dct:modified',
        'dct:spatial',
        'dcat:distribution',
      ])
        expect(entry, key).toHaveProperty([key])
      expect(entry['dcat:distribution'].map((one: any) => one['dcat:mediaType'])).toEqual([
        'text/csv',
        'application/json',
      ])
    }
    const summed = datasets.find((entry: any) => entry['dct:identifier'] === 'kabupaten/jumlah-penduduk')
    expect(summed['dct:spatial']).toBe('33.01')
    const ofSukamaju = datasets.find((entry: any) => entry['dct:identifier'] === 'sukamaju/jumlah-penduduk')
    expect(ofSukamaju['dct:spatial']).toBe('33.01.01.2001')
    const download = await call(
      REGENCY,
      'GET',
      new URL(ofSukamaju['dcat:distribution'][0]['dcat:downloadURL']).pathname,
    )
    expect(download.text).toBe('Dusun,Laki-laki,Perempuan\r\nDusun I,100,110\r\nDusun II,50,40\r\n')

    // A suspended village leaves the open data, and comes back when resumed.
    await atRegency('PUT', `/api/regency/villages/${b.village.id}`, { status: 'suspended' })
    const gone = await call(REGENCY, 'GET', '/data/catalog.json')
    expect(gone.body['dcat:dataset'].map((entry: any) => entry['dct:identifier'])).toEqual([
      'sukamaju/jumlah-penduduk',
      'tenggara/jumlah-penduduk',
    ])
    await atRegency('PUT', `/api/regency/villages/${b.village.id}`, { status: 'active' })
    expect((await call(REGENCY, 'GET', '/data/catalog.json')).body['dcat:dataset']).toHaveLength(4)
  })

  it('answers the portal from the response cache, and a village’s post shows on the next request', async () => {
    for (const address of ['/', '/berita', '/api/regency/public/posts']) {
      const first = await call(REGENCY, 'GET', address, { headers: { Accept: 'text/html' } })
      expect(first.status).toBe(200)
      const second = await call(REGENCY, 'GET', address, { headers: { Accept: 'text/html' } })
      expect(second.headers['x-cache'], address).toBe('HIT')
    }
    await newPost(host('mekarsari'), b.token, 'Panen Raya Mekarsari')
    for (const address of ['/', '/berita', '/api/regency/public/posts']) {
      const after = await call(REGENCY, 'GET', address, { headers: { Accept: 'text/html' } })
      expect(after.headers['x-cache'], address).not.toBe('HIT')
      expect(after.text, address).toContain('Panen Raya Mekarsari')
    }
  })

  it('reads each village once for a burst of uncached portal requests after a village’s write (single flight)', async () => {
    await newPost(host('sukamaju'), a.token, 'Kabar Serentak Sukamaju')
    // Clear of the minute's turn (part of the regency's version), so the burst asks one version.
    while (new Date().getSeconds() >= 50) await new Promise((resolve) => setTimeout(resolve, 1000))
    const before = await logLength()
    await uncachedBurst(
      [
        ['/berita', 12],
        ['/api/regency/public/posts', 6],
        ['/', 6],
      ],
      'Kabar Serentak Sukamaju',
    )
    // The server's log reaches the test a moment after the answers.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const passes = server
      .logs()
      .slice(before)
      .filter((line) => line.event === 'regency-portal-read')
    // `/berita` and the API ask the same 9 posts: one pass of the news; one of the villages' newest posts for `/`.
    expect(passes.map((line) => [line.what, line.villages]).sort()).toEqual([
      ['home', 3],
      ['news', 3],
    ])
  })

  /** The server's log reaches the test a moment after the answers: its length once the lines so far are in. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 500))
  const logLength = async () => (await settled(), server.logs().length)
  /** The logged passes over the villages (`event`) since the `from`th line, once the log has reached the test. */
  async function passesSince(from: number, event: string) {
    await settled()
    return server
      .logs()
      .slice(from)
      .filter((line) => line.event === event)
  }
  const figureRow = (answer: { body: any }, slug: string) =>
    answer.body.data.villages.find((row: any) => row.slug === slug)

  it('keeps each village’s figures until it writes: a write in one computes that village again, and only it', async () => {
    const first = await atRegency('GET', '/api/regency/figures')
    const first2025 = await atRegency('GET', '/api/regency/figures?year=2025')
    const from = await logLength()
    const project = await call(host('mekarsari'), 'POST', '/api/admin/developments', {
      token: b.token,
      json: { ...PROJECT, title: 'Embung Desa', progress: 20 },
    })
    expect(project.status, project.text).toBe(201)
    const after = await atRegency('GET', '/api/regency/figures')
    const after2025 = await atRegency('GET', '/api/regency/figures?year=2025')
    // The village that wrote: its new project counted, for the default year (kept in the registry) and for 2025
    // (kept in the process); never the figures kept before its write.
    expect(figureRow(after, 'mekarsari').developments.count).toBe(figureRow(first, 'mekarsari').developments.count + 1)
    expect(figureRow(after2025, 'mekarsari').developments.count).toBe(
      figureRow(first2025, 'mekarsari').developments.count + 1,
    )
    expect(after.body.data.total.developments.count).toBe(first.body.data.total.developments.count + 1)
    // The others as they were, not computed again: one village computed per year asked.
    expect(figureRow(after, 'sukamaju')).toEqual(figureRow(first, 'sukamaju'))
    expect(figureRow(after, 'tenggara')).toEqual(figureRow(first, 'tenggara'))
    const passes = await passesSince(from, 'regency-figures-read')
    expect(passes.length).toBeGreaterThanOrEqual(2)
    expect(passes.reduce((sum, line) => sum + Number(line.computed), 0)).toBe(2)
  })

  it('answers 40 uncached /data and catalogue requests after a village’s write with one pass, reading it alone', async () => {
    expect((await call(REGENCY, 'GET', '/data')).status).toBe(200)
    await dataset(host('tenggara'), c.token, 'Jumlah Kepala Keluarga', ['KK'], [['Dusun I', 42]])
    // Clear of the minute's turn (part of the regency's version), so the burst asks one version.
    const from = await logLength()
    while (new Date().getSeconds() >= 50) await new Promise((resolve) => setTimeout(resolve, 1000))
    const burst = await uncachedBurst(
      [
        ['/data', 30],
        ['/data/catalog.json', 10],
      ],
      'Jumlah Kepala Keluarga',
    )
    const pages = new Set(burst.slice(0, 30).map((answer) => answer.text.replace(/ nonce="[^"]*"/g, '')))
    expect(pages.size).toBe(1)
    expect(new Set(burst.slice(30).map((answer) => answer.text)).size).toBe(1)
    // One pass over the villages for all 40, and only the village that wrote read again.
    expect((await passesSince(from, 'regency-open-data-read')).map((line) => [line.villages, line.read])).toEqual([
      [3, 1],
    ])
  })

  it('moves a village’s figures when its scheduled project’s time arrives, without a write', async () => {
    const before = await atRegency('GET', '/api/regency/figures')
    const count = figureRow(before, 'tenggara').developments.count
    const scheduled = await call(host('tenggara'), 'POST', '/api/admin/developments', {
      token: c.token,
      json: {
        ...PROJECT,
        title: 'Jembatan Desa',
        progress: 0,
        status: 'published',
        published_at: new Date(Date.now() + 2 * DAY).toISOString(),
      },
    })
    expect(scheduled.status, scheduled.text).toBe(201)
    const waiting = await atRegency('GET', '/api/regency/figures')
    expect(figureRow(waiting, 'tenggara').developments.count).toBe(count)
    try {
      clock.move(2 * DAY + 60_000)
      const arrived = await atRegency('GET', '/api/regency/figures')
      expect(figureRow(arrived, 'tenggara').developments.count).toBe(count + 1)
    } finally {
      clock.move(0)
    }
  })

  it('has every village’s figures ready after a restart: the first figures call computes none', async () => {
    const before = await atRegency('GET', '/api/regency/figures')
    await server.stop()
    server = await startServer({ dir: server.dir, env: serverEnv })
    regencyToken = await loginAt(REGENCY, 'kabupaten', 'password')
    const from = await logLength()
    const after = await atRegency('GET', '/api/regency/figures')
    expect(after.status, after.text).toBe(200)
    expect(after.body.data).toEqual(before.body.data)
    // Made at start while each village was open, kept in the registry: no village opened by the call.
    expect((await passesSince(from, 'regency-figures-read')).map((line) => [line.villages, line.computed])).toEqual([
      [3, 0],
    ])
  })
})
