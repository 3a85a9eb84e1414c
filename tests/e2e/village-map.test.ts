import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { adminToken, api, expectSuccess, unique } from '../support/api'
import { seriousViolations } from '../support/axe'
import { jpeg } from '../support/content'
import { PHONE, useBrowser } from '../support/browser'
import { toast } from './admin-support'

// Peta Desa, issue 39 "Done when", in Chromium on SQLite (e2e) and PostgreSQL (e2e-pg): a clerk imports the village
// boundary from a KML file, draws a new health post and places a project on the map; a visitor on a phone finds them
// on /peta with tiles (served here by a stand-in, this machine has no internet) and without (tile requests refused),
// and without scripts.

const { newPage, loggedInPage, browser } = useBrowser()

/** A 1x1 PNG: the stand-in of every OpenStreetMap tile. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const TILES = 'https://tile.openstreetmap.org/**'
const tilesServed = (page: Page) =>
  page.route(TILES, (route) => route.fulfill({ body: TILE, contentType: 'image/png' }))
const tilesRefused = (page: Page) => page.route(TILES, (route) => route.abort())

const boundaryName = unique('Batas Hasil Survei ')
const postName = unique('Posyandu Anggrek ')
let project: { id: number; slug: string; title: string }
let layers: Record<string, { id: number }>

beforeAll(async () => {
  const token = await adminToken()
  project = expectSuccess(
    await api('POST', '/api/admin/developments', {
      token,
      json: {
        title: unique('Drainase Dusun '),
        location: 'Dusun Krajan',
        year: 2026,
        budget: 50_000_000,
        funding_source: 'Dana Desa',
        progress: 10,
      },
    }),
    201,
  )
  const list = expectSuccess(await api('GET', '/api/admin/map/layers', { token }))
  layers = Object.fromEntries(list.map((layer: { slug: string; id: number }) => [layer.slug, layer]))
})
afterAll(async () => {
  const token = await adminToken()
  await api('DELETE', `/api/admin/developments/${project.id}`, { token })
})

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>${boundaryName}</name>
<description>Hasil pengukuran GPS tim desa</description>
<Polygon><outerBoundaryIs><LinearRing><coordinates>
107.6060,-6.9070,0 107.6240,-6.9050,0 107.6370,-6.9135,0 107.6300,-6.9270,0 107.6120,-6.9285,0 107.6060,-6.9070,0
</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>`

/** Clicks a point of a Leaflet map, `dx`/`dy` from its centre. */
async function clickMap(page: Page, testId: string, dx = 0, dy = 0) {
  const map = page.locator(`[data-testid="${testId}"].leaflet-container`)
  await map.waitFor()
  await map.scrollIntoViewIfNeeded()
  const box = (await map.boundingBox())!
  await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy)
}

describe('Peta Desa: a clerk maps the village, a visitor finds it on a phone', () => {
  it('the clerk imports the boundary (KML), draws a health post and places a project', async () => {
    const page = await loggedInPage()
    await tilesRefused(page)
    await page.goto(`/admin/peta?layer=${layers['batas-desa'].id}`)
    await page.getByRole('heading', { name: 'Peta', exact: true }).waitFor()
    await page.getByLabel('Lapisan Tujuan').selectOption(String(layers['batas-desa'].id))
    await page.getByLabel('Berkas').setInputFiles({
      name: 'batas-desa.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(KML),
    })
    await page.getByRole('button', { name: 'Impor', exact: true }).click()
    await toast(page, '1 fitur diimpor, 0 dilewati.')

    await page.goto(`/admin/peta?layer=${layers['fasilitas-umum'].id}`)
    await page.getByRole('heading', { name: /Fitur: Fasilitas Umum/ }).waitFor()
    await clickMap(page, 'peta-gambar', 20, -10)
    await expect.poll(() => page.getByLabel('Geometri (GeoJSON)').inputValue()).toContain('"Point"')
    await page.getByLabel('Nama', { exact: true }).fill(postName)
    await page.getByLabel('Keterangan').fill('Penimbangan balita setiap Selasa')
    const photo = await jpeg(480, 320)
    await page
      .locator('input[name="image"]')
      .setInputFiles({ name: 'posyandu.jpg', mimeType: photo.type, buffer: photo.data })
    await page.getByRole('button', { name: 'Simpan Fitur' }).click()
    await toast(page, 'Fitur ditambahkan.')
    await expect.poll(() => page.getByText(postName).count()).toBeGreaterThan(0)

    await page.goto(`/admin/developments/edit/${project.id}`)
    await page.getByRole('button', { name: 'Pilih di Peta' }).click()
    await clickMap(page, 'pemilih-lokasi', -15, 10)
    await expect.poll(() => page.locator('input[name="latitude"]').inputValue()).toMatch(/^-\d+\.\d+$/)
    const longitude = await page.locator('input[name="longitude"]').inputValue()
    expect(Number(longitude)).toBeGreaterThan(100)
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await toast(page, 'Development updated successfully!')
    const saved = expectSuccess(
      await api('GET', `/api/admin/developments/${project.id}`, { token: await adminToken() }),
    )
    expect(saved.latitude).toBeLessThan(-6)
    expect(saved.longitude).toBeGreaterThan(107)
  })

  for (const tiles of ['with tiles', 'without tiles'] as const)
    it(`a visitor on a phone finds them on /peta ${tiles}`, async () => {
      const page = await newPage({ viewport: PHONE, isMobile: true })
      await (tiles === 'with tiles' ? tilesServed(page) : tilesRefused(page))
      await page.goto('/peta')
      await page.getByRole('heading', { name: 'Peta Desa', level: 1 }).waitFor()
      // The interactive map: Leaflet drew the layers' shapes, with OpenStreetMap's attribution and a layer switcher.
      const map = page.getByTestId('peta-interaktif')
      await map.locator('.leaflet-overlay-pane path').first().waitFor()
      expect(await map.locator('.leaflet-control-attribution').textContent()).toContain('OpenStreetMap')
      expect(await map.locator('.leaflet-control-layers').count()).toBe(1)
      if (tiles === 'without tiles') await page.getByText('Peta dasar tidak dapat dimuat').waitFor()
      else expect(await page.getByText('Peta dasar tidak dapat dimuat').count()).toBe(0)

      // Under it, the server's drawing and the list by layer.
      const drawing = page.getByTestId('peta-svg')
      expect(await drawing.locator('title', { hasText: postName }).count()).toBe(1)
      expect(await drawing.locator('title', { hasText: boundaryName }).count()).toBe(1)
      const list = page.getByRole('region', { name: 'Daftar Tempat' })
      await list.getByText(postName).waitFor()
      await list.getByText(boundaryName).waitFor()
      // The health post's photo, its alt text the feature's name.
      expect(await list.getByRole('img', { name: postName }).getAttribute('src')).toMatch(/^\/uploads\/maps\//)
      const link = list.getByRole('link', { name: project.title })
      expect(await link.getAttribute('href')).toBe(`/pembangunan/${project.slug}`)
      if (tiles === 'without tiles') expect(await seriousViolations(page)).toEqual([])
      // The phone's page is no wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await link.click()
      await page.getByTestId('peta-kecil').waitFor()
    })

  it('works without scripts: the drawing and the list', async () => {
    const context = await browser().newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      baseURL: inject('baseUrl'),
    })
    const page = await context.newPage()
    await page.goto('/peta')
    await page.getByRole('heading', { name: 'Peta Desa', level: 1 }).waitFor()
    expect(await page.getByTestId('peta-svg').locator('title', { hasText: postName }).count()).toBe(1)
    await page.getByRole('region', { name: 'Daftar Tempat' }).getByText(boundaryName).waitFor()
    expect(await page.locator('script[src*="leaflet"]').count()).toBe(0)
    await context.close()
  })
})
