import fs from 'node:fs'
import geodesic from 'geographiclib-geodesic'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { form, jpeg, png, uploadsDir } from '../support/content'
import { adminToken, api, baseUrl, expectFailure, expectSuccess, unique, userWithPermissions } from '../support/api'
import { regencyClient } from '../support/regency'
import { startServer, type TestServer } from '../support/server'

// docs/api.md "Village map (peta desa)": layers and features, the import with its refusals (issue 39 "Bad input"),
// the public index and layer files, and the page /peta. Every case runs on SQLite and PostgreSQL (api, api-pg).

let token: string
beforeAll(async () => {
  token = await adminToken()
})

/** A square of `side` degrees with its south-west corner at (lon, lat), as a closed ring. */
const square = (lon: number, lat: number, side = 0.01) => [
  [lon, lat],
  [lon + side, lat],
  [lon + side, lat + side],
  [lon, lat + side],
  [lon, lat],
]

async function layer(kind: 'area' | 'point' | 'line', extra: Record<string, unknown> = {}) {
  return expectSuccess(
    await api('POST', '/api/admin/map/layers', { token, json: { name: unique('Lapisan '), kind, ...extra } }),
    201,
    'Layer created successfully',
  )
}

async function featureCount(layerId: number) {
  const list = expectSuccess(await api('GET', `/api/admin/map/features?layer_id=${layerId}&limit=1`, { token }))
  return list.total as number
}

function importFile(
  layerId: number | string,
  content: string | Buffer,
  name: string,
  type = 'application/octet-stream',
) {
  const form = new FormData()
  form.set('layer_id', String(layerId))
  form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name)
  return api('POST', '/api/admin/map/import', { token, form })
}

const collection = (...geometries: unknown[]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: geometries.map((geometry, i) => ({ type: 'Feature', properties: { name: `F${i}` }, geometry })),
  })

describe('the seeded map', () => {
  it('has the three layers, the demo boundary, three dusun, ten facilities and the automatic layers', async () => {
    const map = expectSuccess(await api('GET', '/api/public/map'))
    const bySlug = Object.fromEntries(map.layers.map((l: { slug: string }) => [l.slug, l]))
    expect(bySlug['batas-desa']).toMatchObject({ name: 'Batas Desa', kind: 'area' })
    expect(bySlug['batas-desa'].count).toBeGreaterThanOrEqual(1)
    expect(bySlug['batas-dusun']).toMatchObject({ name: 'Batas Dusun', kind: 'area' })
    expect(bySlug['batas-dusun'].count).toBeGreaterThanOrEqual(3)
    expect(bySlug['fasilitas-umum']).toMatchObject({ name: 'Fasilitas Umum', kind: 'point' })
    expect(bySlug['fasilitas-umum'].count).toBeGreaterThanOrEqual(10)
    for (const slug of ['pembangunan', 'produk', 'agenda']) expect(bySlug[slug]?.kind).toBe('point')
    const [w, s, e, n] = map.bbox
    expect(w).toBeGreaterThan(107.5)
    expect(e).toBeLessThan(107.7)
    expect(s).toBeGreaterThan(-7)
    expect(n).toBeLessThan(-6.8)

    const boundary = expectSuccess(await api('GET', '/api/admin/map/layers', { token })).find(
      (l: { slug: string }) => l.slug === 'batas-desa',
    )
    const features = expectSuccess(await api('GET', `/api/admin/map/features?layer_id=${boundary.id}`, { token }))
    // A village of a few square kilometres, measured on the ellipsoid.
    expect(features.data[0].area_m2).toBeGreaterThan(3_000_000)
    expect(features.data[0].area_m2).toBeLessThan(12_000_000)
    expect(features.data[0].length_m).toBeNull()
  })

  it('serves a layer as GeoJSON with an ETag and 304, automatic layers with links, and 404 for others', async () => {
    const file = await fetch(`${baseUrl()}/api/public/map/layers/fasilitas-umum.geojson`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toContain('application/geo+json')
    const etag = file.headers.get('etag')!
    expect(etag).toBeTruthy()
    const body = await file.json()
    expect(body.type).toBe('FeatureCollection')
    expect(body.features.length).toBeGreaterThanOrEqual(10)
    expect(Object.keys(body.features[0].properties).sort()).toEqual(['description', 'id', 'name'])
    expect(body.features[0].geometry.type).toBe('Point')
    const again = await fetch(`${baseUrl()}/api/public/map/layers/fasilitas-umum.geojson`, {
      headers: { 'If-None-Match': etag },
    })
    expect(again.status).toBe(304)

    const projects = await (await fetch(`${baseUrl()}/api/public/map/layers/pembangunan.geojson`)).json()
    expect(projects.features[0].properties.url).toMatch(/^\/pembangunan\//)

    const hidden = await layer('point', { public: false })
    expect((await fetch(`${baseUrl()}/api/public/map/layers/${hidden.slug}.geojson`)).status).toBe(404)
    expect((await fetch(`${baseUrl()}/api/public/map/layers/tidak-ada.geojson`)).status).toBe(404)
    const all = await fetch(`${baseUrl()}/api/public/map.geojson`)
    expect(all.headers.get('content-type')).toContain('application/geo+json')
    const everything = await all.json()
    expect(new Set(everything.features.map((f: { properties: { layer: string } }) => f.properties.layer))).toContain(
      'batas-desa',
    )
    expect(everything.features.some((f: { properties: { layer: string } }) => f.properties.layer === hidden.slug)).toBe(
      false,
    )
  })
})

describe('staff layers and features', () => {
  it('creates, measures, lists, changes and deletes; refuses a wrong kind and a broken ring on Geometry', async () => {
    const areas = await layer('area', { color: '#123abc' })
    expect(areas).toMatchObject({ kind: 'area', color: '#123abc', public: true })
    const created = expectSuccess(
      await api('POST', '/api/admin/map/features', {
        token,
        json: {
          layer_id: areas.id,
          name: 'Blok <b>Sawah</b>',
          description: 'Sawah irigasi',
          geometry: { type: 'Polygon', coordinates: [square(107.61, -6.92)] },
        },
      }),
      201,
      'Feature created successfully',
    )
    // About 1.1 km x 1.1 km at 6.9° S (GeographicLib on WGS84).
    expect(created.area_m2).toBeGreaterThan(1_215_000)
    expect(created.area_m2).toBeLessThan(1_240_000)
    expect(created.name).toBe('Blok <b>Sawah</b>')
    const changed = expectSuccess(
      await api('PUT', `/api/admin/map/features/${created.id}`, { token, json: { name: 'Blok Sawah Utara' } }),
    )
    expect(changed).toMatchObject({ name: 'Blok Sawah Utara', area_m2: created.area_m2 })
    expect(await featureCount(areas.id)).toBe(1)

    const refusals: [unknown, RegExp][] = [
      [{ type: 'Point', coordinates: [107.6, -6.9] }, /does not belong/],
      [{ type: 'Polygon', coordinates: [square(107.61, -6.92).slice(0, 4)] }, /Unclosed ring/],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [107.61, -6.92],
              [107.62, -6.91],
              [107.62, -6.92],
              [107.61, -6.91],
              [107.61, -6.92],
            ],
          ],
        },
        /Self-crossing/,
      ],
      [{ type: 'Polygon', coordinates: [square(-6.92, 107.61)] }, /outside/],
      ['not json', /GeoJSON/],
    ]
    for (const [geometry, reason] of refusals) {
      const refused = await api('POST', '/api/admin/map/features', {
        token,
        json: { layer_id: areas.id, name: 'X', geometry },
      })
      expectFailure(refused, 422)
      expect(Object.keys(refused.body.errors)).toEqual(['Geometry'])
      expect(refused.body.errors.Geometry).toMatch(reason)
    }
    expectFailure(
      await api('POST', '/api/admin/map/features', { token, json: { layer_id: 999999, name: 'X', geometry: {} } }),
      422,
    )
    expect(await featureCount(areas.id)).toBe(1)

    expectSuccess(await api('DELETE', `/api/admin/map/features/${created.id}`, { token }))
    expectFailure(await api('GET', `/api/admin/map/features/${created.id}`, { token }), 404)
    expectFailure(
      await api('POST', '/api/admin/map/layers', { token, json: { name: 'X', kind: 'area', slug: 'pembangunan' } }),
      422,
    )
    expectSuccess(await api('DELETE', `/api/admin/map/layers/${areas.id}`, { token }))
  })

  it('holds each call to its maps-* permission', async () => {
    const reader = await userWithPermissions(['maps-index'])
    expectSuccess(await api('GET', '/api/admin/map/layers', { token: reader.token }))
    expectFailure(
      await api('POST', '/api/admin/map/layers', { token: reader.token, json: { name: 'X', kind: 'point' } }),
      403,
    )
    const form = new FormData()
    form.set('layer_id', '1')
    form.set('file', new Blob(['{}']), 'a.geojson')
    expectFailure(await api('POST', '/api/admin/map/import', { token: reader.token, form }), 403)
    expectFailure(await api('GET', '/api/admin/map/features'), 401)
  })

  it('takes a point on products and events, both or neither', async () => {
    const half = await api('POST', '/api/admin/events', {
      token,
      json: { title: unique('Acara '), starts_at: '2026-12-20T08:00', latitude: -6.91 },
    })
    expectFailure(half, 422)
    expect(half.body.errors.Longitude).toBe('Longitude is required with a latitude')
    const product = await api('POST', '/api/admin/products', {
      token,
      json: {
        title: unique('Kopi '),
        content: '<p>Kopi</p>',
        owner: 'Bu Sari',
        price: 25000,
        phone: '0812',
        address: 'Dusun Krajan',
        longitude: 107.61,
      },
    })
    expectFailure(product, 422)
    expect(product.body.errors.Latitude).toBe('Latitude is required with a longitude')
  })
})

describe("a feature's photo (multipart, as a report's)", () => {
  /** The stored files of a picture: its name and its width copies. */
  const stored = (name: string) =>
    fs.existsSync(uploadsDir('maps'))
      ? fs.readdirSync(uploadsDir('maps')).filter((file) => file.startsWith(name.slice(0, 32)))
      : []
  const filesNow = () => (fs.existsSync(uploadsDir('maps')) ? fs.readdirSync(uploadsDir('maps')).length : 0)

  it('stores, shows, replaces and removes it; refuses HTML named .jpg and 11 MB on Image, storing nothing', async () => {
    const points = await layer('point')
    const geometry = JSON.stringify({ type: 'Point', coordinates: [107.615, -6.915] })
    const fields = { layer_id: points.id, name: 'Posyandu <Melati>', geometry }
    const created = expectSuccess(
      await api('POST', '/api/admin/map/features', { token, form: form(fields, await jpeg(800, 600)) }),
      201,
      'Feature created successfully',
    )
    expect(created.image).toMatch(/^[a-f0-9]{32}-800x600\.jpg$/)
    expect(created.geometry).toEqual({ type: 'Point', coordinates: [107.615, -6.915] })
    expect(stored(created.image)).toContain(created.image)

    // The layer file names its public address; /peta shows it in the list, its alt the feature's name.
    const slug = points.slug
    const file = await api('GET', `/api/public/map/layers/${slug}.geojson`)
    expect(file.body.features[0].properties.image).toBe(`/uploads/maps/${created.image}`)
    expect((await fetch(`${baseUrl()}/uploads/maps/${created.image}`)).status).toBe(200)
    const page = await fetch(`${baseUrl()}/peta`, { headers: { Accept: 'text/html' } }).then((r) => r.text())
    expect(page).toMatch(new RegExp(`<img[^>]*src="/uploads/maps/${created.image}"[^>]*alt="Posyandu &lt;Melati&gt;"`))

    // JSON without a file keeps the photo; a new one replaces it and the old files go.
    const renamed = expectSuccess(
      await api('PUT', `/api/admin/map/features/${created.id}`, { token, json: { name: 'Posyandu Melati' } }),
    )
    expect(renamed.image).toBe(created.image)
    const replaced = expectSuccess(
      await api('PUT', `/api/admin/map/features/${created.id}`, { token, form: form({}, await png(640, 480)) }),
      200,
      'Feature updated successfully',
    )
    expect(replaced.image).toMatch(/^[a-f0-9]{32}-640x480\.png$/)
    expect(replaced.name).toBe('Posyandu Melati')
    expect(stored(created.image)).toEqual([])
    expect(stored(replaced.image).length).toBeGreaterThan(0)

    // Refused before anything is stored: an HTML page named .jpg, 11 MB, and a bad field beside a good picture.
    const before = filesNow()
    const html = new FormData()
    for (const [key, value] of Object.entries(fields)) html.set(key, String(value))
    html.set('image', new Blob(['<!doctype html><html><body>x</body></html>'], { type: 'image/jpeg' }), 'foto.jpg')
    const refused = await api('POST', '/api/admin/map/features', { token, form: html })
    expectFailure(refused, 422)
    expect(Object.keys(refused.body.errors)).toEqual(['Image'])
    const big = new FormData()
    for (const [key, value] of Object.entries(fields)) big.set(key, String(value))
    big.set('image', new Blob([new Uint8Array(11 * 1024 * 1024)], { type: 'image/jpeg' }), 'besar.jpg')
    const tooBig = await api('PUT', `/api/admin/map/features/${created.id}`, { token, form: big })
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.errors).toEqual({ Image: 'Image may not be larger than 10 MB' })
    const badGeometry = await api('POST', '/api/admin/map/features', {
      token,
      form: form({ ...fields, geometry: '{"type":"Point","coordinates":[500,1]}' }, await jpeg()),
    })
    expectFailure(badGeometry, 422)
    expect(Object.keys(badGeometry.body.errors)).toEqual(['Geometry'])
    expect(filesNow()).toBe(before)
    expect(await featureCount(points.id)).toBe(1)

    // Deleting the feature removes its files; deleting a layer removes its features' photos.
    expectSuccess(await api('DELETE', `/api/admin/map/features/${created.id}`, { token }))
    expect(stored(replaced.image)).toEqual([])
    const second = expectSuccess(
      await api('POST', '/api/admin/map/features', { token, form: form(fields, await jpeg()) }),
      201,
    )
    expect(stored(second.image).length).toBeGreaterThan(0)
    expectSuccess(await api('DELETE', `/api/admin/map/layers/${points.id}`, { token }))
    expect(stored(second.image)).toEqual([])
  })
})

describe('import (issue 39 "Bad input")', () => {
  it('imports the good features of a GeoJSON file and skips each bad one with its reason, by index', async () => {
    const areas = await layer('area')
    const big = Array.from({ length: 200_000 }, (_, i) => [
      107.6 + 0.01 * Math.cos((2 * Math.PI * i) / 200_000),
      -6.9 + 0.01 * Math.sin((2 * Math.PI * i) / 200_000),
    ])
    big.push(big[0])
    const result = await importFile(
      areas.id,
      collection(
        { type: 'Polygon', coordinates: [square(107.61, -6.92)] },
        { type: 'Point', coordinates: [107.6, -6.9] },
        { type: 'Polygon', coordinates: [square(107.61, -6.92).slice(0, 4)] },
        {
          type: 'Polygon',
          coordinates: [
            [
              [107.61, -6.92],
              [107.62, -6.91],
              [107.62, -6.92],
              [107.61, -6.91],
              [107.61, -6.92],
            ],
          ],
        },
        { type: 'Polygon', coordinates: [square(-6.92, 107.61)] },
        { type: 'Polygon', coordinates: [big] },
        { type: 'MultiPolygon', coordinates: [[square(107.63, -6.92)], [square(107.65, -6.92)]] },
      ),
      'peta.json',
    )
    const answer = expectSuccess(result, 201, 'Map features imported')
    expect(answer.imported).toBe(2)
    expect(answer.skipped.map((s: { index: number }) => s.index)).toEqual([1, 2, 3, 4, 5])
    const reasons = answer.skipped.map((s: { reason: string }) => s.reason)
    expect(reasons[0]).toMatch(/does not belong/)
    expect(reasons[1]).toMatch(/Unclosed ring/)
    expect(reasons[2]).toMatch(/Self-crossing ring/)
    expect(reasons[3]).toMatch(/outside -180\.\.180/)
    expect(reasons[4]).toMatch(/More than 50,000 vertices/)
    expect(await featureCount(areas.id)).toBe(2)
  })

  it('imports a KML boundary: script and markup in descriptions become plain text; the page prints them as text', async () => {
    const areas = await layer('area')
    const ring = square(107.7, -6.95)
      .map(([lon, lat]) => `${lon},${lat},0`)
      .join(' ')
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark>
<name>Batas &lt;img src=x onerror=alert(1)&gt;</name>
<description><![CDATA[<p>Desa <b>kami</b></p><script>alert('x')</script>]]></description>
<Polygon><outerBoundaryIs><LinearRing><coordinates>${ring}</coordinates></LinearRing></outerBoundaryIs></Polygon>
</Placemark></Document></kml>`
    const answer = expectSuccess(await importFile(areas.id, kml, 'batas.kml'), 201)
    expect(answer).toEqual({ imported: 1, skipped: [] })
    const feature = expectSuccess(await api('GET', `/api/admin/map/features?layer_id=${areas.id}`, { token })).data[0]
    expect(feature.name).toBe('Batas <img src=x onerror=alert(1)>')
    expect(feature.description).toBe('Desa kami')
    const page = await (await fetch(`${baseUrl()}/peta`)).text()
    expect(page).toContain('Peta Desa')
    expect(page).toContain('Batas &lt;img src=x onerror=alert(1)&gt;')
    expect(page).not.toContain('<img src=x')
  })

  it('refuses a KML with an external entity, a GPX that is HTML and a file over 10 MB, importing nothing', async () => {
    const points = await layer('point')
    const entity = `<?xml version="1.0"?>
<!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&xxe;</name><Point><coordinates>107.6,-6.9</coordinates></Point></Placemark></kml>`
    const refused = await importFile(points.id, entity, 'xxe.kml')
    expectFailure(refused, 422)
    expect(Object.keys(refused.body.errors)).toEqual(['File'])
    expect(refused.text).not.toContain('root:')

    const html = await importFile(points.id, '<!doctype html><html><body><h1>Hi</h1></body></html>', 'track.gpx')
    expectFailure(html, 422)
    expect(Object.keys(html.body.errors)).toEqual(['File'])
    const html2 = await importFile(points.id, '<html><body><p>x</p></body></html>', 'track.gpx')
    expectFailure(html2, 422, undefined, { File: 'File must be a GeoJSON, KML or GPX file' })

    const tooBig = await importFile(points.id, Buffer.alloc(11 * 1024 * 1024, 0x20), 'besar.geojson')
    expect(tooBig.status).toBe(413)
    expect(await featureCount(points.id)).toBe(0)

    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
<wpt lat="-6.91" lon="107.61"><name>Posyandu</name><desc>&lt;script&gt;alert(1)&lt;/script&gt;Buka Senin</desc></wpt>
<wpt lat="107.61" lon="-6.91"><name>Tertukar</name></wpt></gpx>`
    const taken = expectSuccess(await importFile(points.id, gpx, 'titik.gpx'), 201)
    expect(taken.imported).toBe(1)
    expect(taken.skipped).toEqual([{ index: 1, reason: expect.stringMatching(/outside/) }])
    const point = expectSuccess(await api('GET', `/api/admin/map/features?layer_id=${points.id}`, { token })).data[0]
    expect(point.description).toBe('Buka Senin')
  })
})

describe('the regency map', () => {
  let server: TestServer
  const REGENCY = 'kab.test'
  const { call, host, loginAt, newVillage } = regencyClient(() => server, REGENCY)
  beforeAll(async () => {
    server = await startServer({ env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined } })
  }, 240_000)
  afterAll(() => server?.stop())

  it("serves every active village's boundary and draws them on the portal's /peta", async () => {
    const regencyToken = await loginAt(REGENCY, 'kabupaten', 'password')
    const one = await newVillage(regencyToken, 'sukamaju', 'Desa Sukamaju')
    await newVillage(regencyToken, 'mekarsari', 'Desa <i>Mekarsari</i>')
    const layers = await call(host('sukamaju'), 'GET', '/api/admin/map/layers', { token: one.token })
    const boundary = layers.body.data.find((l: { slug: string }) => l.slug === 'batas-desa')
    const made = await call(host('sukamaju'), 'POST', '/api/admin/map/features', {
      token: one.token,
      json: {
        layer_id: boundary.id,
        name: 'Batas',
        geometry: { type: 'Polygon', coordinates: [square(107.61, -6.92)] },
      },
    })
    expect(made.status, made.text).toBe(201)

    const file = await call(REGENCY, 'GET', '/api/regency/public/map.geojson')
    expect(file.status).toBe(200)
    expect(String(file.headers['content-type'])).toContain('application/geo+json')
    expect(file.body.features).toHaveLength(1)
    expect(file.body.features[0].properties).toEqual({
      slug: 'sukamaju',
      name: 'Desa Sukamaju',
      url: `http://sukamaju.${REGENCY}:${server.port}/`,
    })
    // Not at a village's host.
    expect((await call(host('sukamaju'), 'GET', '/api/regency/public/map.geojson')).status).toBe(404)

    const page = await call(REGENCY, 'GET', '/peta', { headers: { Accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.text).toContain('Peta Desa')
    expect(page.text).toContain(`http://sukamaju.${REGENCY}:${server.port}/`)
  })

  it('lists in the console the villages without a boundary and each pair overlapping by more than 1,000 m²', async () => {
    // Sukamaju's square (107.61..107.62, -6.92..-6.91) and Cibiru's share a strip 0.001° wide (about 122,000 m²);
    // Cibiru and Cikoneng a corner of 0.0002° x 0.0002° (about 490 m², under the limit); Mekarsari draws nothing.
    const box = (w: number, s: number, e: number, n: number) => ({
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
          [w, s],
        ],
      ],
    })
    const regencyToken = await loginAt(REGENCY, 'kabupaten', 'password')
    for (const [slug, name, geometry] of [
      ['cibiru', 'Desa Cibiru', box(107.619, -6.92, 107.629, -6.91)],
      ['cikoneng', 'Desa Cikoneng', box(107.6288, -6.9298, 107.6388, -6.9198)],
    ] as const) {
      const { token } = await newVillage(regencyToken, slug, name)
      const layers = await call(host(slug), 'GET', '/api/admin/map/layers', { token })
      const boundary = layers.body.data.find((l: { slug: string }) => l.slug === 'batas-desa')
      const made = await call(host(slug), 'POST', '/api/admin/map/features', {
        token,
        json: { layer_id: boundary.id, name: `Batas ${name}`, geometry },
      })
      expect(made.status, made.text).toBe(201)
    }
    // The strip's area on the WGS84 ellipsoid (GeographicLib), as the console measures it.
    const strip = geodesic.Geodesic.WGS84.Polygon(false)
    for (const [lon, lat] of [
      [107.619, -6.92],
      [107.62, -6.92],
      [107.62, -6.91],
      [107.619, -6.91],
    ])
      strip.AddPoint(lat, lon)
    const expected = Math.round(Math.abs(strip.Compute(false, true).area!))
    expect(expected).toBeGreaterThan(120_000)
    expect(expected).toBeLessThan(125_000)

    const page = await call(REGENCY, 'GET', '/admin/desa', { token: regencyToken, headers: { Accept: 'text/html' } })
    expect(page.status, page.text.slice(0, 300)).toBe(200)
    const text = page.text.replace(/<!-- -->/g, '')
    const missing = text.slice(text.indexOf('id="tanpa-batas"'), text.indexOf('id="batas-tumpang"'))
    const items = (html: string) => [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1])
    expect(items(missing)).toEqual(['Desa &lt;i&gt;Mekarsari&lt;/i&gt;'])
    const overlaps = text.slice(text.indexOf('id="batas-tumpang"'))
    expect(items(overlaps.slice(0, overlaps.indexOf('</section>')))).toEqual([
      `Desa Cibiru dan Desa Sukamaju: ${expected.toLocaleString('id-ID')} m²`,
    ])
  })
})
