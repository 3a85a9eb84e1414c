import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, baseUrl, expectFailure, expectSuccess, userWithPermissions } from '../support/api'

// docs/api.md "Budget (APBDes)": the budget of a fiscal year with its lines, through the API and the public pages.
// Years are unique across the shared server: this file uses 2000 to 2039 and 2100 (tests/api/budget-sums.test.ts
// 2040 to 2089, tests/api/transparency-schedule.test.ts runs its own server).

let token: string
beforeAll(async () => {
  token = await adminToken()
})

type Line = { type: string; group: string; name: string; amount: number; realized?: number }

const LINES: Line[] = [
  { type: 'pendapatan', group: 'Pendapatan Transfer', name: 'Dana Desa', amount: 1_000_000_000, realized: 875_000_000 },
  { type: 'pendapatan', group: 'Pendapatan Asli Desa', name: 'Hasil Usaha BUMDes', amount: 50_000_000, realized: 0 },
  {
    type: 'belanja',
    group: 'Pelaksanaan Pembangunan Desa',
    name: 'Jalan Dusun',
    amount: 600_000_000,
    realized: 450_000_000,
  },
  {
    type: 'belanja',
    group: 'Penyelenggaraan Pemerintahan Desa',
    name: 'Siltap',
    amount: 500_000_000,
    realized: 500_000_000,
  },
  { type: 'penerimaan_pembiayaan', group: 'Penerimaan Pembiayaan', name: 'SiLPA', amount: 100_000_000 },
  {
    type: 'pengeluaran_pembiayaan',
    group: 'Pengeluaran Pembiayaan',
    name: 'Modal BUMDes',
    amount: 30_000_000,
    realized: 30_000_000,
  },
]

const create = (body: Record<string, unknown>, as = token) =>
  api('POST', '/api/admin/budgets', { token: as, json: body })

async function newBudget(year: number, body: Record<string, unknown> = {}) {
  return expectSuccess(await create({ year, regulation_number: `Perdes ${year}`, items: LINES, ...body }), 201)
}

describe('admin budgets (JSON)', () => {
  it(
    'creates a year with its lines and totals, shows, lists, replaces the lines, ' +
      'keeps them without items, deletes',
    async () => {
      const created = await api('POST', '/api/admin/budgets', {
        token,
        json: { year: 2001, regulation_number: '  Perdes No. 1 Tahun 2001  ', items: LINES },
      })
      const budget = expectSuccess(created, 201, 'Budget created successfully')
      expect(Object.keys(budget).sort()).toEqual([
        'created_at',
        'id',
        'items',
        'published_at',
        'regulation_number',
        'status',
        'totals',
        'updated_at',
        'year',
      ])
      expect(budget).toMatchObject({ year: 2001, regulation_number: 'Perdes No. 1 Tahun 2001', status: 'published' })
      expect(budget.items.map((item: any) => Object.keys(item).sort())[0]).toEqual([
        'amount',
        'group',
        'id',
        'name',
        'realized',
        'type',
      ])
      // In the order given; realized defaults to 0.
      expect(budget.items.map(({ id, ...line }: any) => line)).toEqual(LINES.map((line) => ({ realized: 0, ...line })))
      expect(budget.totals).toEqual({
        pendapatan: { amount: 1_050_000_000, realized: 875_000_000 },
        belanja: { amount: 1_100_000_000, realized: 950_000_000 },
        penerimaan_pembiayaan: { amount: 100_000_000, realized: 0 },
        pengeluaran_pembiayaan: { amount: 30_000_000, realized: 30_000_000 },
        surplus: { amount: -50_000_000, realized: -75_000_000 },
        pembiayaan_netto: { amount: 70_000_000, realized: -30_000_000 },
        silpa: { amount: 20_000_000, realized: -105_000_000 },
      })

      const shown = expectSuccess(
        await api('GET', `/api/admin/budgets/${budget.id}`, { token }),
        200,
        'Detail Data Budget',
      )
      expect(shown).toEqual(budget)
      for (const search of ['2001', '001', 'no. 1 TAHUN 2001']) {
        const list = expectSuccess(
          await api('GET', `/api/admin/budgets?search=${encodeURIComponent(search)}`, { token }),
        )
        expect(
          list.data.map((row: any) => row.id),
          search,
        ).toContain(budget.id)
      }
      const none = expectSuccess(await api('GET', '/api/admin/budgets?search=tidak-ada-anggaran', { token }))
      expect(none.total).toBe(0)

      const replaced = expectSuccess(
        await api('PUT', `/api/admin/budgets/${budget.id}`, {
          token,
          json: { year: 2001, items: [LINES[2], LINES[0]] },
        }),
        200,
        'Budget updated successfully',
      )
      expect(replaced.items.map((item: any) => item.name)).toEqual(['Jalan Dusun', 'Dana Desa'])
      expect(replaced.totals.pendapatan).toEqual({ amount: 1_000_000_000, realized: 875_000_000 })
      expect(replaced.regulation_number).toBe('')
      // Without `items` the lines stay.
      const kept = expectSuccess(
        await api('PUT', `/api/admin/budgets/${budget.id}`, { token, json: { year: 2002, regulation_number: 'X' } }),
      )
      expect(kept.items).toEqual(replaced.items)
      expect(kept.year).toBe(2002)

      expect(await api('DELETE', `/api/admin/budgets/${budget.id}`, { token })).toMatchObject({
        status: 200,
        body: { success: true, message: 'Budget deleted successfully', data: null },
      })
      expectFailure(await api('GET', `/api/admin/budgets/${budget.id}`, { token }), 404, 'Budget not found')
      expectFailure(await api('DELETE', `/api/admin/budgets/${budget.id}`, { token }), 404, 'Budget not found')
    },
  )

  it('refuses a bad year: missing, outside 2000-2100, not a whole number, or taken', async () => {
    expectFailure(await create({ items: [] }), 422, 'Validation Errors', { Year: 'Year is required' })
    for (const year of [1999, 2101])
      expectFailure(await create({ year }), 422, 'Validation Errors', { Year: 'Year must be between 2000 and 2100' })
    expectFailure(await create({ year: 2003.5 }), 422, 'Validation Errors', { Year: 'Year must be a whole number' })
    // JSON is taken as it is typed: a year sent as text is refused, not converted.
    expect((await create({ year: '2003' })).body.errors).toEqual({ Year: 'Year must be a whole number' })
    await newBudget(2003)
    expectFailure(await create({ year: 2003 }), 422, 'Validation Errors', { Year: 'Year already exists' })
    const other = await newBudget(2004)
    expectFailure(
      await api('PUT', `/api/admin/budgets/${other.id}`, { token, json: { year: 2003 } }),
      422,
      'Validation Errors',
      { Year: 'Year already exists' },
    )
  })

  it(
    'names the wrong line: amounts with letters, negative, fractional or beyond 10^15, ' +
      'an unknown type, an empty name, 501 lines',
    async () => {
      const line = (changes: Record<string, unknown>) => ({ ...LINES[0], ...changes })
      const cases: [unknown[], string][] = [
        [[LINES[0], LINES[1], line({ amount: -1 })], 'Line 3: amount must be a whole number >= 0'],
        [[line({ amount: '12abc' })], 'Line 1: amount must be a whole number >= 0'],
        [[line({ amount: '1250000' })], 'Line 1: amount must be a whole number >= 0'],
        [[LINES[0], line({ amount: 1.5 })], 'Line 2: amount must be a whole number >= 0'],
        [[line({ amount: 1_000_000_000_000_001 })], 'Line 1: amount may not be more than 1000000000000000'],
        [[LINES[0], LINES[0], LINES[0], line({ realized: -5 })], 'Line 4: realized must be a whole number >= 0'],
        [[line({ amount: undefined })], 'Line 1: amount must be a whole number >= 0'],
        [
          [LINES[0], line({ type: 'hibah' })],
          `Line 2: type must be one of pendapatan, belanja, penerimaan_pembiayaan, pengeluaran_pembiayaan`,
        ],
        [
          [line({ type: undefined })],
          `Line 1: type must be one of pendapatan, belanja, penerimaan_pembiayaan, pengeluaran_pembiayaan`,
        ],
        [[LINES[0], line({ name: '   ' })], 'Line 2: name is required'],
        [[line({ name: 'x'.repeat(256) })], 'Line 1: name may not be longer than 255 characters'],
        [['Dana Desa'], 'Line 1: must be an object with type, group, name, amount and realized'],
        [Array.from({ length: 501 }, () => LINES[0]), 'Items may not have more than 500 lines'],
      ]
      for (const [items, message] of cases)
        expectFailure(await create({ year: 2005, items }), 422, 'Validation Errors', { Items: message })
      expectFailure(await create({ year: 2005, items: 'Dana Desa' }), 422, 'Validation Errors', {
        Items: 'Items must be a list of lines',
      })
      // Nothing was written: the year is still free, and 500 lines are accepted.
      const full = await newBudget(2005, { items: Array.from({ length: 500 }, () => LINES[0]) })
      expect(full.items).toHaveLength(500)
      expect(full.totals.pendapatan.amount).toBe(500 * 1_000_000_000)
      const max = await newBudget(2006, {
        items: [line({ amount: 1_000_000_000_000_000, realized: 1_000_000_000_000_000 })],
      })
      expect(max.items[0]).toMatchObject({ amount: 1e15, realized: 1e15 })
    },
  )

  it(
    'leaves a budget as it was when an update is refused ' +
      '(the lines are written with the budget, in one transaction)',
    async () => {
      const budget = await newBudget(2007)
      const refused = await api('PUT', `/api/admin/budgets/${budget.id}`, {
        token,
        json: { year: 2007, regulation_number: 'Baru', items: [LINES[0], { ...LINES[1], amount: 'seribu' }] },
      })
      expectFailure(refused, 422, 'Validation Errors', { Items: 'Line 2: amount must be a whole number >= 0' })
      expect(await api('GET', `/api/admin/budgets/${budget.id}`, { token })).toMatchObject({ body: { data: budget } })
    },
  )

  it('refuses gambling spam in the lines on Items', async () => {
    const result = await create({
      year: 2008,
      items: [{ ...LINES[0], name: 'Daftar slot88 gacor hari ini maxwin' }],
    })
    expect(result.status).toBe(422)
    expect(result.body.errors.Items).toMatch(/^Konten terindikasi promosi judi online/)
    expectFailure(await api('GET', '/api/public/budgets/2008'), 404)
  })

  it('asks for budgets-* permissions on every call', async () => {
    const anonymous = await api('GET', '/api/admin/budgets')
    expectFailure(anonymous, 401, 'Unauthenticated', null)
    const budget = await newBudget(2009)
    const reader = await userWithPermissions(['budgets-index'])
    expectSuccess(await api('GET', '/api/admin/budgets', { token: reader.token }))
    expectFailure(await api('GET', `/api/admin/budgets/${budget.id}`, { token: reader.token }), 403, 'Forbidden', null)
    expectFailure(await create({ year: 2010 }, reader.token), 403, 'Forbidden', null)
    expectFailure(await api('DELETE', `/api/admin/budgets/${budget.id}`, { token: reader.token }), 403)
    const editor = await userWithPermissions(['budgets-show', 'budgets-update'])
    expectSuccess(await api('GET', `/api/admin/budgets/${budget.id}`, { token: editor.token }))
    expectSuccess(await api('PUT', `/api/admin/budgets/${budget.id}`, { token: editor.token, json: { year: 2009 } }))
    expectFailure(await api('GET', '/api/admin/budgets', { token: editor.token }), 403)
    const creator = await userWithPermissions(['budgets-create', 'budgets-delete'])
    const made = expectSuccess(await create({ year: 2010 }, creator.token), 201)
    expectSuccess(await api('DELETE', `/api/admin/budgets/${made.id}`, { token: creator.token }))
    // The admin role holds the new permissions at once.
    const names = expectSuccess(await api('GET', '/api/admin/permissions/all', { token })).map((p: any) => p.name)
    for (const action of ['index', 'create', 'show', 'edit', 'update', 'delete'])
      expect(names).toContain(`budgets-${action}`)
  })

  it('logs every save, with the lines the update added, removed and changed', async () => {
    const { token: clerk, userId } = await userWithPermissions(['budgets-create', 'budgets-update', 'budgets-delete'])
    const budget = expectSuccess(await create({ year: 2011, items: LINES.slice(0, 3) }, clerk), 201)
    expectSuccess(
      await api('PUT', `/api/admin/budgets/${budget.id}`, {
        token: clerk,
        json: { year: 2011, items: [{ ...LINES[0], realized: 1 }, LINES[2], LINES[3]] },
      }),
    )
    expectSuccess(
      await api('PUT', `/api/admin/budgets/${budget.id}`, {
        token: clerk,
        json: { year: 2011, items: [LINES[2], { ...LINES[0], realized: 1 }, LINES[3]] },
      }),
    )
    expectSuccess(await api('DELETE', `/api/admin/budgets/${budget.id}`, { token: clerk }))
    const log = expectSuccess(await api('GET', `/api/admin/activities?resource=budgets&user_id=${userId}`, { token }))
    expect(log.data.map((entry: any) => [entry.action, entry.resource_id, entry.summary, entry.changes])).toEqual([
      ['delete', budget.id, 'APBDes 2011', []],
      ['update', budget.id, 'APBDes 2011', ['items', 'items: reordered']],
      ['update', budget.id, 'APBDes 2011', ['items', 'items: 1 added, 1 removed, 1 changed']],
      ['create', budget.id, 'APBDes 2011', expect.arrayContaining(['year', 'status', 'items', 'items: 3 added'])],
    ])
  })
})

describe('public budgets', () => {
  it('shows published years only: drafts and scheduled years are 404 at every public address', async () => {
    const published = await newBudget(2012)
    await newBudget(2013, { status: 'draft' })
    await newBudget(2014, { status: 'published', published_at: new Date(Date.now() + 86_400_000).toISOString() })
    const years = expectSuccess(await api('GET', '/api/public/budgets'), 200, 'List Data Budgets')
    expect(years.map((row: any) => row.year)).toContain(2012)
    expect(years.map((row: any) => row.year)).not.toContain(2013)
    expect(years.map((row: any) => row.year)).not.toContain(2014)
    // Newest first, and nothing but these fields.
    expect(years.map((row: any) => row.year)).toEqual([...years.map((row: any) => row.year)].sort((a, b) => b - a))
    expect(Object.keys(years.find((row: any) => row.year === 2012)).sort()).toEqual([
      'regulation_number',
      'updated_at',
      'year',
    ])
    expect(expectSuccess(await api('GET', '/api/public/budgets/2012'), 200, 'Detail Data Budget').id).toBe(published.id)
    for (const year of ['2013', '2014', '1999', 'abcd', '20122'])
      expectFailure(await api('GET', `/api/public/budgets/${year}`), 404, 'Budget not found', null)
    for (const path of ['/apbdes/2013', '/apbdes/2014', '/apbdes/2013.csv', '/apbdes/2014.csv']) {
      expect((await fetch(baseUrl() + path)).status, path).toBe(404)
    }
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text()
    expect(sitemap).toContain('/apbdes/2012</loc>')
    expect(sitemap).not.toContain('/apbdes/2013<')
    expect(sitemap).toContain('/apbdes</loc>')
    expect(sitemap).toContain('/pembangunan</loc>')
  })

  it(
    'shows a draft year at its address to staff who may edit budgets, ' + 'marked and never stored; to nobody else',
    async () => {
      await newBudget(2019, { status: 'draft' })
      const page = async (cookie?: string) => {
        const response = await fetch(`${baseUrl()}/apbdes/2019`, { headers: cookie ? { Cookie: cookie } : {} })
        return {
          status: response.status,
          cacheControl: response.headers.get('cache-control'),
          text: await response.text(),
        }
      }
      const editor = await userWithPermissions(['budgets-edit'])
      const reader = await userWithPermissions(['budgets-index'])
      const preview = await page(`token=${editor.token}`)
      expect(preview.status).toBe(200)
      expect(preview.cacheControl).toBe('no-store')
      expect(preview.text).toMatch(/<h1[^>]*>APBDes 2019<\/h1>/)
      expect(preview.text).toContain('Draf')
      expect(preview.text).toContain('noindex')
      expect((await page(`token=${reader.token}`)).status).toBe(404)
      expect((await page()).status).toBe(404)
    },
  )

  it('gives the sums per type and group in first-appearance order', async () => {
    await newBudget(2015, {
      items: [
        LINES[2],
        { ...LINES[0], group: 'Pendapatan Transfer' },
        { ...LINES[3], group: 'Pelaksanaan Pembangunan Desa', amount: 5, realized: 4 },
        { ...LINES[1], group: 'Pendapatan Transfer', amount: 7, realized: 1 },
      ],
    })
    const budget = expectSuccess(await api('GET', '/api/public/budgets/2015'))
    expect(budget.groups).toEqual([
      { type: 'belanja', group: 'Pelaksanaan Pembangunan Desa', amount: 600_000_005, realized: 450_000_004 },
      { type: 'pendapatan', group: 'Pendapatan Transfer', amount: 1_000_000_007, realized: 875_000_001 },
    ])
  })

  it('writes the lines as CSV exactly: header, CRLF, no BOM, formulas defused, RFC 4180 quoting', async () => {
    await newBudget(2016, {
      items: [
        { type: 'pendapatan', group: '=SUM(A1:A9)', name: 'Dana "Desa", tahap 1', amount: 1250000000, realized: 5 },
        { type: 'belanja', group: '+62 812', name: '-Operasional', amount: 0 },
        { type: 'belanja', group: '@Bidang', name: 'Biasa saja', amount: 10, realized: 10 },
      ],
    })
    const response = await fetch(`${baseUrl()}/apbdes/2016.csv`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="apbdes-2016.csv"')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false)
    expect(bytes.toString('utf8')).toBe(
      'type,group,name,amount,realized\r\n' +
        'pendapatan,\'=SUM(A1:A9),"Dana ""Desa"", tahap 1",1250000000,5\r\n' +
        "belanja,'+62 812,'-Operasional,0,0\r\n" +
        "belanja,'@Bidang,Biasa saja,10,10\r\n",
    )
  })

  it(
    'shows /apbdes/{year}: the heading, the four cards, the chart and the table with percentages, ' +
      'CSV, other years',
    async () => {
      await newBudget(2017)
      await newBudget(2018)
      const html = await (await fetch(`${baseUrl()}/apbdes/2017`)).text()
      const text = html.replace(/\u00a0/g, ' ')
      expect(text).toMatch(/<h1[^>]*>APBDes 2017<\/h1>/)
      for (const card of ['Pendapatan', 'Belanja', 'Pembiayaan', 'Surplus/Defisit'])
        expect(text).toContain(`>${card}</h2>`)
      // Cards: Pendapatan (amount), Pembiayaan = net financing, Surplus/Defisit (negative: -Rp).
      expect(text).toContain('Rp 1.050.000.000')
      expect(text).toContain('Rp 70.000.000')
      expect(text).toContain('-Rp 50.000.000')
      // The group rows' realisation: 875 of 1,000 million is 87,5%; 0 of 50 million 0,0%.
      expect(text).toContain('87,5%')
      expect(text).toContain('0,0%')
      expect(text).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+"/)
      expect(text).toContain('Pendapatan Transfer (87,5%)')
      expect(text).toContain('href="/apbdes/2017.csv"')
      expect(text).toContain('Unduh CSV')
      expect(text).toContain('href="/apbdes/2018"')
      expect(text).toContain('"@type":"Dataset"')
      expect(text).toContain('/apbdes/2017.csv"')
    },
  )

  it('writes the names of groups and lines in the table as text, never as markup', async () => {
    // The table's bodies are written out as HTML text once per budget (app/components/village-info/budget-report.tsx).
    const name = `Sewa <img src=x onerror="alert(1)"> & 'Tanah' "Kas"`
    await newBudget(2033, {
      items: [
        { type: 'pendapatan', group: 'Hasil <b>Aset</b>', name, amount: 10_000_000, realized: 5_000_000 },
        ...LINES.slice(2),
      ],
    })
    const html = await (await fetch(`${baseUrl()}/apbdes/2033`)).text()
    const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? ''
    expect(table).toContain('<th role="rowheader" scope="row">Hasil &lt;b&gt;Aset&lt;/b&gt;</th>')
    expect(table).toContain(
      '<th role="rowheader" scope="row">Sewa &lt;img src=x onerror=&quot;alert(1)&quot;&gt; ' +
        '&amp; &apos;Tanah&apos; &quot;Kas&quot;</th>',
    )
    expect(table).not.toMatch(/<img|<b>/)
  })

  it('shows the newest published year at /apbdes and on the home page, under Transparansi APBDes {year}', async () => {
    await newBudget(2100, {
      items: [
        { type: 'pendapatan', group: 'Transfer', name: 'Dana Desa', amount: 2_000_000_000 },
        { type: 'belanja', group: 'Pembangunan', name: 'Jalan', amount: 1_500_000_000 },
        { type: 'penerimaan_pembiayaan', group: 'Pembiayaan', name: 'SiLPA', amount: 300_000_000 },
        { type: 'pengeluaran_pembiayaan', group: 'Pembiayaan', name: 'Modal', amount: 100_000_000 },
      ],
    })
    const index = (await (await fetch(`${baseUrl()}/apbdes`)).text()).replace(/\u00a0/g, ' ')
    expect(index).toMatch(/<h1[^>]*>APBDes 2100<\/h1>/)
    const home = (await (await fetch(`${baseUrl()}/`)).text()).replace(/\u00a0/g, ' ')
    expect(home).toMatch(/<h2[^>]*>Transparansi APBDes 2100<\/h2>/)
    const section = home.slice(home.indexOf('Transparansi APBDes'))
    expect(section).toMatch(/Pendapatan<\/p><p[^>]*>Rp 2\.000\.000\.000</)
    expect(section).toMatch(/Belanja<\/p><p[^>]*>Rp 1\.500\.000\.000</)
    expect(section).toMatch(/Pembiayaan<\/p><p[^>]*>Rp 200\.000\.000</)
  })
})

describe('the dashboard', () => {
  it('adds the newest published budget year and the running projects to the four counts', async () => {
    const data = expectSuccess(await api('GET', '/api/admin/dashboard', { token }), 200, 'Dashboard')
    // The original client's four counts, and beside them the village information's (docs/api.md).
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        'aparaturs_count',
        'budget_year',
        'categories_count',
        'posts_count',
        'products_count',
        'running_developments',
      ]),
    )
    // The newest published year of the shared server is this file's 2100 (the test above).
    expect(data.budget_year).toBe(2100)
    expect(Number.isInteger(data.running_developments)).toBe(true)
  })
})
