import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, baseUrl, expectFailure, expectSuccess, unique, userWithPermissions } from '../support/api'

// Village statistics (docs/api.md "Village statistics"): datasets of 1 to 6 columns and at most 200 rows, written as
// JSON or pasted as CSV; every bad input of the issue a 422 naming the field and the 1-based row; the public reads,
// the pages (chart, table with Jumlah) and the CSV download, which never lets a spreadsheet run a cell.

const KEYS = [
  'id',
  'title',
  'slug',
  'category',
  'unit',
  'year',
  'source',
  'label_column',
  'chart',
  'columns',
  'rows',
  'status',
  'published_at',
  'created_at',
  'updated_at',
].sort()

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const create = (fields: Record<string, unknown>, as = token) =>
  api('POST', '/api/admin/statistics', { token: as, json: fields })

const base = (title = unique('Penduduk Menurut Umur ')) => ({
  title,
  category: 'penduduk',
  unit: 'jiwa',
  year: 2026,
  source: 'Profil Desa',
  label_column: 'Kelompok Umur',
  columns: ['Laki-laki', 'Perempuan'],
  rows: [
    { label: '0-4', values: [112, 106] },
    { label: '5-9', values: [121, 117.5] },
  ],
})

describe('admin statistics', () => {
  it('creates a dataset from JSON and gives back its columns and rows as arrays', async () => {
    const input = base()
    const dataset = expectSuccess(await create(input), 201, 'Statistic created successfully')
    expect(Object.keys(dataset).sort()).toEqual(KEYS)
    expect(dataset).toMatchObject({
      ...input,
      slug: input.title.toLowerCase().replace(/ /g, '-'),
      chart: 'bar',
      status: 'published',
    })
    expectSuccess(await api('GET', `/api/admin/statistics/${dataset.id}`, { token }), 200, 'Detail Data Statistic')
    const listed = expectSuccess(
      await api('GET', `/api/admin/statistics?search=${encodeURIComponent(input.title)}`, { token }),
    )
    expect(listed.data[0].rows).toEqual(input.rows)
    const log = expectSuccess(
      await api('GET', `/api/admin/activities?resource=statistics&search=${encodeURIComponent(input.title)}`, {
        token,
      }),
    )
    expect(log.data.map((entry: { action: string }) => entry.action)).toEqual(['create'])
    expectSuccess(
      await api('DELETE', `/api/admin/statistics/${dataset.id}`, { token }),
      200,
      'Statistic deleted successfully',
    )
    expectFailure(await api('GET', `/api/admin/statistics/${dataset.id}`, { token }), 404, 'Statistic not found')
  })

  it(
    'takes the rows as pasted CSV (the first line the label column and the columns), ' + 'a formula kept as text',
    async () => {
      const dataset = expectSuccess(
        await create({
          ...base(),
          columns: undefined,
          rows: undefined,
          label_column: undefined,
          csv:
            'Mata Pencaharian\tJumlah\nPetani\t486\n' +
            '"=HYPERLINK(""http://jahat.example"",""klik"")"\t3\n\n+628123\t4\r\n',
        }),
        201,
      )
      expect(dataset).toMatchObject({
        label_column: 'Mata Pencaharian',
        columns: ['Jumlah'],
        rows: [
          { label: 'Petani', values: [486] },
          { label: '=HYPERLINK("http://jahat.example","klik")', values: [3] },
          { label: '+628123', values: [4] },
        ],
      })
      // An update with CSV replaces the whole table.
      const updated = expectSuccess(
        await api('PUT', `/api/admin/statistics/${dataset.id}`, {
          token,
          json: { ...base(dataset.title), csv: 'Agama,Laki-laki,Perempuan\nIslam,900,910\nKristen,40,42' },
        }),
      )
      expect(updated).toMatchObject({
        label_column: 'Agama',
        columns: ['Laki-laki', 'Perempuan'],
        rows: [
          { label: 'Islam', values: [900, 910] },
          { label: 'Kristen', values: [40, 42] },
        ],
      })
    },
  )

  it('refuses every bad input of the issue with 422, naming the field and the 1-based row', async () => {
    const errors = async (fields: Record<string, unknown>) => {
      const result = await create(fields)
      expectFailure(result, 422, 'Validation Errors')
      return result.body.errors as Record<string, string>
    }
    const rows201 = Array.from({ length: 201 }, (_, i) => ({ label: `r${i}`, values: [1] }))
    expect(await errors({ ...base(), columns: ['A'], rows: rows201 })).toEqual({
      Rows: 'Row 201: a dataset has at most 200 rows (201 given)',
    })
    expect(
      await errors({
        ...base(),
        columns: ['1', '2', '3', '4', '5', '6', '7'],
        rows: [{ label: 'x', values: [1, 1, 1, 1, 1, 1, 1] }],
      }),
    ).toEqual({ Columns: 'A dataset has at most 6 columns (7 given)' })
    expect(
      await errors({
        ...base(),
        rows: [
          { label: 'a', values: [1, 2] },
          { label: 'b', values: [3, -4] },
        ],
      }),
    ).toEqual({
      Rows: 'Row 2: value 2 must be at least 0 (-4 given)',
    })
    expect(await errors({ ...base(), rows: [{ label: 'a', values: [1, 'banyak'] }] })).toEqual({
      Rows: 'Row 1: value 2 must be a number ("banyak" given)',
    })
    expect(
      await errors({
        ...base(),
        rows: [
          { label: 'a', values: [1, 2] },
          { label: 'b', values: [3] },
        ],
      }),
    ).toEqual({
      Rows: 'Row 2 has 1 value; the dataset has 2 columns',
    })
    // The same through pasted CSV: the row, and its line in the text.
    expect(await errors({ ...base(), csv: 'Umur,L,P\n0-4,1,2\n5-9,3' })).toEqual({
      Rows: 'Row 2 (line 3 of the CSV) has 1 value; the first line names 2 columns',
    })
    expect(await errors({ ...base(), csv: 'Umur,L,P\n0-4,1,-2' })).toEqual({
      Rows: 'Row 1 (line 2 of the CSV): value 2 must be at least 0 (-2 given)',
    })
    expect(await errors({ ...base(), csv: 'Umur,L\n0-4,=HYPERLINK("http://x")' })).toEqual({
      Rows: 'Row 1 (line 2 of the CSV): value 1 must be a number ("=HYPERLINK(\\"http://x\\")" given)',
    })
    expect(
      await errors({ ...base(), csv: ['Umur,L', ...Array.from({ length: 201 }, (_, i) => `r${i},1`)].join('\n') }),
    ).toEqual({
      Rows: 'Row 201 (line 202 of the CSV): a dataset has at most 200 rows (201 given)',
    })
    expect((await errors({ ...base(), csv: 'L,1,2,3,4,5,6,7\nx,1,1,1,1,1,1,1' })).Columns).toMatch(/at most 6 columns/)
    // The labels are public text: the gambling spam guard judges them (and the pasted text) too.
    expect((await errors({ ...base(), rows: [{ label: 'Info Sl0t G4c0r Malam Ini', values: [1, 2] }] })).Rows).toMatch(
      /^Konten terindikasi promosi judi online/,
    )
    expect((await errors({ ...base(), csv: 'Umur,L\nSlot gacor maxwin,1' })).Csv).toMatch(/^Konten terindikasi/)
    // The other fields.
    expect(await errors({ ...base(), title: '', category: 'cuaca', year: 1800, chart: 'donat' })).toEqual({
      Title: 'Title is required',
      Category: 'Category must be one of penduduk, pendidikan, pekerjaan, agama, kesehatan, ekonomi, lainnya',
      Year: 'Year must be a whole number from 1900 to 2100',
      Chart: 'Chart must be bar or pie',
    })
    expect((await errors({ ...base(), chart: 'pie' })).Chart).toMatch(/^A pie chart shows one column/)
    expect(await errors({ ...base(), columns: [], rows: [] })).toEqual({
      Columns: 'Columns must name at least 1 column',
    })
    // Wrong JSON types are never converted.
    expect((await errors({ ...base(), columns: 'Laki-laki,Perempuan' })).Columns).toBe(
      'Columns must be a list of text values',
    )
    expect((await errors({ ...base(), year: '2026' })).Year).toMatch(/Year must be/)
  })

  it('checks the permissions of each call', async () => {
    expectFailure(await api('GET', '/api/admin/statistics'), 401)
    const reader = await userWithPermissions(['statistics-index'])
    expectSuccess(await api('GET', '/api/admin/statistics', { token: reader.token }))
    expectFailure(await create(base(), reader.token), 403, 'Forbidden')
  })
})

describe('public statistics', () => {
  it('lists the published datasets (by category), shows one with its chart and table, and its CSV', async () => {
    const title = unique('Pendidikan Warga ')
    const dataset = expectSuccess(
      await create({
        ...base(title),
        category: 'pendidikan',
        label_column: 'Jenjang',
        columns: ['Jumlah'],
        chart: 'pie',
        rows: [
          { label: 'SD', values: [698] },
          { label: '=HYPERLINK("http://x","y")', values: [1500.5] },
          { label: 'Kota, "Baru"', values: [3] },
        ],
      }),
      201,
    )
    const draft = expectSuccess(await create({ ...base(), status: 'draft' }), 201)

    const all = expectSuccess(await api('GET', '/api/public/statistics?limit=100'), 200, 'List Data Statistics')
    expect(all.data.some((row: { id: number }) => row.id === dataset.id)).toBe(true)
    expect(all.data.some((row: { id: number }) => row.id === draft.id)).toBe(false)
    const byCategory = expectSuccess(await api('GET', '/api/public/statistics?category=pendidikan&limit=100'))
    expect(byCategory.data.every((row: { category: string }) => row.category === 'pendidikan')).toBe(true)
    expect(byCategory.data.some((row: { id: number }) => row.id === dataset.id)).toBe(true)
    expect(byCategory.first_page_url).toBe('/api/public/statistics?page=1&limit=100&category=pendidikan')
    expect(
      expectSuccess(await api('GET', '/api/public/statistics?category=penduduk&limit=100')).data.some(
        (row: { id: number }) => row.id === dataset.id,
      ),
    ).toBe(false)
    expect(
      expectSuccess(await api('GET', `/api/public/statistics/${dataset.slug}`), 200, 'Detail Data Statistic').rows,
    ).toHaveLength(3)
    expectFailure(await api('GET', `/api/public/statistics/${draft.slug}`), 404, 'Statistic not found')

    const index = await (await fetch(`${baseUrl()}/statistik`)).text()
    for (const heading of ['Penduduk', 'Pendidikan', 'Pekerjaan', 'Agama', 'Kesehatan', 'Ekonomi', 'Lainnya'])
      expect(index).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`))
    expect(index).toContain(`href="/statistik/${dataset.slug}"`)
    expect(index).not.toContain(`href="/statistik/${draft.slug}"`)

    const detail = await fetch(`${baseUrl()}/statistik/${dataset.slug}`)
    expect(detail.status).toBe(200)
    const html = await detail.text()
    expect(html).toMatch(/<svg role="img" aria-labelledby="[^"]+"/)
    // The table ends with Jumlah: 698 + 1500,5 + 3, written the Indonesian way.
    expect(html).toMatch(/<th scope="row"[^>]*>Jumlah<\/th><td[^>]*>2\.201,5<\/td>/)
    expect(html).toContain(`href="/statistik/${dataset.slug}.csv"`)
    expect(html).toContain('Unduh CSV')
    expect((await fetch(`${baseUrl()}/statistik/${draft.slug}`)).status).toBe(404)

    const csv = await fetch(`${baseUrl()}/statistik/${dataset.slug}.csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const bytes = Buffer.from(await csv.arrayBuffer())
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false)
    expect(bytes.toString('utf8')).toBe(
      ['Jenjang,Jumlah', 'SD,698', `"'=HYPERLINK(""http://x"",""y"")",1500.5`, '"Kota, ""Baru""",3', ''].join('\r\n'),
    )
    expect((await fetch(`${baseUrl()}/statistik/${draft.slug}.csv`)).status).toBe(404)
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text()
    expect(sitemap).toContain(`/statistik/${dataset.slug}</loc>`)
    expect(sitemap).not.toContain(`/statistik/${draft.slug}</loc>`)
  })
})
