import fs from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DESKTOP, launchBrowser, watchErrors, type WatchedPage } from '../support/browser'
import { regencyClient } from '../support/regency'
import { startServer, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

/**
 * The regency's data in Chromium (docs/api.md "The regency's data", issue 40 "Done when"), on SQLite (project e2e)
 * and PostgreSQL (project e2e-pg): the regency admin sets the villages' codes and kecamatan in the console and makes a
 * camat; the camat logs in and sees only its kecamatan's villages; the figures (`Ringkasan`) and the open data
 * (`/data`) move when a village publishes. REGENCY_HOST is `localhost`, so Chromium reaches `{slug}.localhost`.
 */

const REGENCY = 'localhost'
let server: TestServer
let browser: Browser
const { call, host, loginAt, newVillage } = regencyClient(() => server, REGENCY)
const regencyUrl = (address = '') => `http://${REGENCY}:${server.port}${address}`

async function newPage(): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'id-ID', timezoneId: 'Asia/Jakarta' })
  return watchErrors(await context.newPage())
}

async function login(page: WatchedPage, username: string, password: string) {
  await page.goto(regencyUrl('/login'))
  await page.getByLabel('Username', { exact: true }).fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/admin/desa')
}

/** The cells of a table row found by its first cell's text. */
async function rowCells(page: WatchedPage, region: string, name: string) {
  const row = page.getByRole('region', { name: region }).getByRole('row').filter({ hasText: name }).first()
  await row.waitFor()
  return (await row.locator('th, td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())
}

describe("the regency's data", () => {
  let villages: Record<string, Awaited<ReturnType<typeof newVillage>>>
  let admin: WatchedPage

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([
      startServer({ env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined } }),
      launchBrowser(),
    ])
    const token = await loginAt(REGENCY, 'kabupaten', 'password')
    villages = {
      sukamaju: await newVillage(token, 'sukamaju', 'Desa Sukamaju'),
      mekarsari: await newVillage(token, 'mekarsari', 'Desa Mekarsari'),
      tenggara: await newVillage(token, 'tenggara', 'Desa Tenggara'),
    }
    admin = await newPage()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('lets the regency admin set codes and kecamatan, refusing a malformed code, and make a camat', async () => {
    await login(admin, 'kabupaten', 'password')
    const codes: [string, string, string][] = [
      ['Desa Sukamaju', '33.01.01.2001', 'Kedungreja'],
      ['Desa Mekarsari', '33.01.01.2002', 'Kedungreja'],
      ['Desa Tenggara', '33.01.02.2001', 'Sidareja'],
    ]
    for (const [name, code, kecamatan] of codes) {
      await admin.getByRole('link', { name: `Edit ${name}` }).click()
      await admin.waitForURL(/\/admin\/desa\/[0-9a-f]{16}$/)
      await admin.getByLabel('Kode Wilayah', { exact: true }).fill(name === 'Desa Sukamaju' ? '33.01' : code)
      await admin.getByLabel('Kecamatan', { exact: true }).fill(kecamatan)
      await admin.getByRole('button', { name: 'Perbarui', exact: true }).click()
      if (name === 'Desa Sukamaju') {
        await admin.getByText('Kode_wilayah must be a Kemendagri code NN.NN.NN.NNNN').waitFor()
        await admin.getByLabel('Kode Wilayah', { exact: true }).fill(code)
        await admin.getByRole('button', { name: 'Perbarui', exact: true }).click()
      }
      await admin.waitForURL((url) => url.pathname === '/admin/desa')
    }
    // Grouped by kecamatan.
    const region = admin.getByRole('region', { name: 'Daftar desa' })
    expect(await region.getByRole('columnheader').allTextContents()).toContain('Realisasi belanja')
    expect(await region.locator('th[scope="colgroup"]').allTextContents()).toEqual([
      'Kecamatan Kedungreja',
      'Kecamatan Sidareja',
    ])
    expect((await rowCells(admin, 'Daftar desa', 'Desa Sukamaju'))[0]).toContain('33.01.01.2001')

    await admin.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Pengguna' }).click()
    await admin.waitForURL((url) => url.pathname === '/admin/desa/pengguna')
    const form = admin.getByRole('region', { name: 'Tambah Pengguna' })
    await form.getByLabel('Nama', { exact: true }).fill('Camat Kedungreja')
    await form.getByLabel('Username', { exact: true }).fill('camat-kedungreja')
    await form.getByLabel('Email', { exact: true }).fill('camat@example.com')
    await form.getByLabel('Password', { exact: true }).fill('sandi-camat-2026')
    await form.getByLabel('Peran', { exact: true }).selectOption('camat')
    await form.getByRole('button', { name: 'Simpan', exact: true }).click()
    await form.getByText('Kecamatan is required for a camat').waitFor()
    await form.getByLabel('Password', { exact: true }).fill('sandi-camat-2026')
    await form.getByLabel('Kecamatan (untuk camat)', { exact: true }).fill('Kedungreja')
    await form.getByRole('button', { name: 'Simpan', exact: true }).click()
    expect(await rowCells(admin, 'Daftar pengguna', 'camat-kedungreja')).toEqual(
      expect.arrayContaining(['Camat Kedungreja', 'camat-kedungreja', 'Camat', 'Kedungreja']),
    )
  })

  it("signs a camat in to its kecamatan's villages and figures only, without any write", async () => {
    const camat = await newPage()
    await login(camat, 'camat-kedungreja', 'sandi-camat-2026')
    const region = camat.getByRole('region', { name: 'Daftar desa' })
    await region.getByText('Desa Sukamaju').waitFor()
    const text = await region.innerText()
    expect(text).toContain('Desa Mekarsari')
    expect(text).not.toContain('Desa Tenggara')
    expect(await camat.getByRole('link', { name: 'Tambah Desa' }).count()).toBe(0)
    expect(await camat.getByRole('button', { name: /^Nonaktifkan/ }).count()).toBe(0)
    const menu = camat.getByRole('navigation', { name: 'Admin', exact: true })
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Desa', 'Ringkasan'])
    // Another kecamatan's village is no address; its own is not to edit.
    const answer = await camat.goto(regencyUrl(`/admin/desa/${villages.tenggara.village.id}`))
    expect(answer?.status()).toBe(404)
    await camat.goto(regencyUrl(`/admin/desa/${villages.sukamaju.village.id}`))
    await camat.waitForURL((url) => url.pathname === '/admin/forbidden')
    await camat.goto(regencyUrl('/admin/desa/ringkasan'))
    await camat.getByRole('heading', { level: 1, name: 'Ringkasan' }).waitFor()
    const perDesa = await camat.getByRole('region', { name: 'Angka per desa' }).innerText()
    expect(perDesa).toContain('Desa Sukamaju')
    expect(perDesa).not.toContain('Desa Tenggara')
  })

  it('moves the figures and the open data when a village publishes', async () => {
    await admin.goto(regencyUrl('/admin/desa/ringkasan'))
    await admin.getByRole('heading', { level: 1, name: 'Ringkasan' }).waitFor()
    expect((await rowCells(admin, 'Angka per desa', 'Desa Sukamaju')).slice(3, 5)).toEqual(['-', '-'])
    await admin.goto(regencyUrl('/data'))
    await admin.getByRole('heading', { level: 1, name: 'Data Terbuka' }).waitFor()
    expect(await admin.getByText('Belum ada data desa yang diterbitkan.').count()).toBe(1)

    // Sukamaju publishes its APBDes and a dataset; Mekarsari the same dataset.
    const { sukamaju, mekarsari } = villages
    const budget = await call(host('sukamaju'), 'POST', '/api/admin/budgets', {
      token: sukamaju.token,
      json: {
        year: 2026,
        items: [
          { type: 'pendapatan', group: 'Dana Desa', name: 'Dana Desa', amount: 900_000_000, realized: 0 },
          { type: 'belanja', group: 'Pembangunan', name: 'Jalan', amount: 800_000_000, realized: 200_000_000 },
        ],
      },
    })
    expect(budget.status, budget.text).toBe(201)
    for (const [site, token, rows] of [
      [host('sukamaju'), sukamaju.token, [{ label: 'Dusun I', values: [120, 130] }]],
      [host('mekarsari'), mekarsari.token, [{ label: 'Krajan', values: [80, 70] }]],
    ] as const) {
      const dataset = await call(site, 'POST', '/api/admin/statistics', {
        token,
        json: {
          title: 'Jumlah Penduduk',
          category: 'penduduk',
          unit: 'jiwa',
          label_column: 'Dusun',
          columns: ['Laki-laki', 'Perempuan'],
          rows,
        },
      })
      expect(dataset.status, dataset.text).toBe(201)
    }

    await admin.goto(regencyUrl('/admin/desa/ringkasan'))
    expect((await rowCells(admin, 'Angka per desa', 'Desa Sukamaju')).slice(3, 7)).toEqual([
      '2026',
      'Rp 900.000.000',
      'Rp 800.000.000',
      '25%',
    ])
    expect((await rowCells(admin, 'Angka per kecamatan', 'Kedungreja')).slice(5, 6)).toEqual(['25%'])
    expect(await admin.getByRole('img', { name: 'Realisasi belanja per kecamatan' }).count()).toBe(1)

    await admin.goto(regencyUrl('/data'))
    const summed = admin
      .getByRole('list', { name: 'Data kabupaten' })
      .getByRole('listitem')
      .filter({ hasText: 'Jumlah Penduduk' })
    await summed.waitFor()
    expect(await summed.getByRole('link').allTextContents()).toEqual(['CSV', 'JSON'])
    const csv = await call(REGENCY, 'GET', (await summed.getByRole('link', { name: 'CSV' }).getAttribute('href'))!)
    expect(csv.text).toContain('Kecamatan Kedungreja,kecamatan,33.01.01,200,200')
    const catalog = await call(REGENCY, 'GET', '/data/catalog.json')
    expect(catalog.body['dcat:dataset'].map((entry: any) => entry['dct:spatial'])).toEqual([
      '33.01',
      '33.01.01.2002',
      '33.01.01.2001',
    ])
    // Nothing went wrong but the 422s the refused forms (a malformed code, a camat without kecamatan) answer by design.
    const problems = (await admin.settled()).filter(
      (error) => !/status of 422 \/admin\/desa\/[\w-]+\.data$/.test(error),
    )
    expect(problems).toEqual([])
  })
})
