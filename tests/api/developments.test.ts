import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { adminToken, api, baseUrl, expectFailure, expectSuccess, unique, userWithPermissions } from '../support/api'
import { form, jpeg, png } from '../support/content'

// docs/api.md "Development projects": projects with their progress photos, through the API and the public pages.

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const uploads = () => path.join(inject('serverDir'), 'uploads', 'developments')
const stored = (name: string) => fs.readdirSync(uploads()).filter((file) => file.startsWith(name.slice(0, 32)))

const FIELDS = {
  description: '<p>Pengaspalan jalan <script>alert(1)</script>dusun.</p>',
  location: 'Dusun Krajan RT 02/RW 01',
  year: 2026,
  budget: 420_000_000,
  funding_source: 'Dana Desa',
  implementer: 'TPK Desa',
  volume: '800 m x 3 m',
  start_date: '2026-03-02',
  end_date: '2026-06-30',
  progress: 40,
}

async function project(fields: Record<string, unknown> = {}) {
  return expectSuccess(
    await api('POST', '/api/admin/developments', {
      token,
      json: { ...FIELDS, title: unique('Jalan Dusun '), ...fields },
    }),
    201,
  )
}

describe('admin developments', () => {
  it(
    'creates from multipart with its picture (width copies), alt text and every field; ' + 'the stage is derived',
    async () => {
      const title = unique('Sumur Bor ')
      const created = await api('POST', '/api/admin/developments', {
        token,
        form: form(
          {
            ...FIELDS,
            title,
            latitude: '-6.9175',
            longitude: '107,6191',
            budget: '420.000.000',
            image_alt: 'Sumur bor baru di Dusun Krajan',
          },
          await jpeg(900, 600),
        ),
      })
      const item = expectSuccess(created, 201, 'Development created successfully')
      expect(item).toMatchObject({
        title,
        slug: title.toLowerCase().replace(/ /g, '-'),
        description: '<p>Pengaspalan jalan dusun.</p>',
        location: 'Dusun Krajan RT 02/RW 01',
        latitude: -6.9175,
        longitude: 107.6191,
        year: 2026,
        budget: 420_000_000,
        funding_source: 'Dana Desa',
        implementer: 'TPK Desa',
        volume: '800 m x 3 m',
        start_date: '2026-03-02',
        end_date: '2026-06-30',
        progress: 40,
        stage: 'berjalan',
        image_alt: 'Sumur bor baru di Dusun Krajan',
        status: 'published',
        photos: [],
      })
      expect(item.image).toMatch(/^[a-f0-9]{32}-900x600\.jpg$/)
      // The picture and its WebP width copies, through the upload pipeline.
      expect(stored(item.image).sort()).toEqual(
        [item.image, ...[320, 640, 900].map((w) => item.image.replace(/\.jpg$/, `-${w}.webp`))].sort(),
      )
      for (const [progress, stage] of [
        [0, 'rencana'],
        [99, 'berjalan'],
        [100, 'selesai'],
      ] as const)
        expect((await project({ progress })).stage).toBe(stage)
    },
  )

  it(
    'refuses progress 101, a lone latitude or longitude, an end before the start, ' +
      'and the other bad fields, by key',
    async () => {
      const refuse = async (fields: Record<string, unknown>, errors: Record<string, string>) =>
        expectFailure(
          await api('POST', '/api/admin/developments', { token, json: { ...FIELDS, title: 'X', ...fields } }),
          422,
          'Validation Errors',
          errors,
        )
      await refuse({ progress: 101 }, { Progress: 'Progress must be a whole number from 0 to 100' })
      // (JSON of the wrong type gets the generic message of docs/api.md's strict input.)
      await refuse({ progress: 12.5 }, { Progress: 'Progress must be a whole number' })
      await refuse({ progress: -1 }, { Progress: 'Progress must be a whole number from 0 to 100' })
      await refuse({ latitude: -6.9 }, { Longitude: 'Longitude is required with a latitude' })
      await refuse({ longitude: 107.6 }, { Latitude: 'Latitude is required with a longitude' })
      await refuse({ latitude: 91, longitude: 0 }, { Latitude: 'Latitude must be a number from -90 to 90' })
      await refuse({ latitude: 0, longitude: -181 }, { Longitude: 'Longitude must be a number from -180 to 180' })
      await refuse(
        { start_date: '2026-06-30', end_date: '2026-06-29' },
        { End_date: 'End_date may not be before Start_date' },
      )
      await refuse({ start_date: '2026-02-30' }, { Start_date: 'Start_date must be a date (YYYY-MM-DD)' })
      await refuse({ end_date: '30/06/2026' }, { End_date: 'End_date must be a date (YYYY-MM-DD)' })
      await refuse({ budget: -1 }, { Budget: 'Budget must be a whole number >= 0' })
      await refuse({ budget: 1e15 + 1 }, { Budget: 'Budget may not be more than 1000000000000000' })
      await refuse({ year: 1999 }, { Year: 'Year must be between 2000 and 2100' })
      await refuse(
        { title: '', year: undefined, budget: undefined, funding_source: '', location: '' },
        {
          Title: 'Title is required',
          Year: 'Year is required',
          Budget: 'Budget is required',
          Funding_source: 'Funding source is required',
          Location: 'Location is required',
        },
      )
      // A form's text: letters in the budget are refused, dots between thousands are not.
      const multipart = await api('POST', '/api/admin/developments', {
        token,
        form: form({ ...FIELDS, title: 'X', budget: '12abc', progress: '101' }),
      })
      expectFailure(multipart, 422, 'Validation Errors', {
        Budget: 'Budget must be a whole number >= 0',
        Progress: 'Progress must be a whole number from 0 to 100',
      })
      // Nothing half-written: no project, no picture.
      const before = fs.readdirSync(uploads()).length
      const withPicture = await api('POST', '/api/admin/developments', {
        token,
        form: form({ ...FIELDS, title: 'X', end_date: '2025-01-01' }, await png()),
      })
      expect(withPicture.body.errors).toEqual({ End_date: 'End_date may not be before Start_date' })
      expect(fs.readdirSync(uploads()).length).toBe(before)
    },
  )

  it(
    'updates (a new title renames the slug, a new picture replaces the old files) ' + 'and deletes with every file',
    async () => {
      const created = expectSuccess(
        await api('POST', '/api/admin/developments', {
          token,
          form: form({ ...FIELDS, title: unique('Balai Warga ') }, await jpeg(640, 480)),
        }),
        201,
      )
      const title = unique('Balai Warga Baru ')
      const updated = expectSuccess(
        await api('PUT', `/api/admin/developments/${created.id}`, {
          token,
          form: form({ ...FIELDS, title, progress: 100 }, await png(700, 400)),
        }),
        200,
        'Development updated successfully',
      )
      expect(updated).toMatchObject({ title, slug: title.toLowerCase().replace(/ /g, '-'), stage: 'selesai' })
      expect(stored(created.image)).toEqual([])
      expect(stored(updated.image).length).toBeGreaterThan(1)
      const photo = expectSuccess(
        await api('POST', `/api/admin/developments/${created.id}/photos`, {
          token,
          form: form({ caption: 'Atap' }, await jpeg()),
        }),
        201,
      )
      expectSuccess(
        await api('DELETE', `/api/admin/developments/${created.id}`, { token }),
        200,
        'Development deleted successfully',
      )
      expect(stored(updated.image)).toEqual([])
      expect(stored(photo.image)).toEqual([])
      expectFailure(await api('GET', `/api/admin/developments/${created.id}`, { token }), 404, 'Development not found')
    },
  )

  it(
    'adds progress photos (multipart, width copies), shows them oldest first, ' + 'deletes one, and logs each',
    async () => {
      const { token: clerk, userId } = await userWithPermissions(['developments-update', 'developments-show'])
      const item = await project()
      const first = await api('POST', `/api/admin/developments/${item.id}/photos`, {
        token: clerk,
        form: form(
          { caption: 'Pemadatan', image_alt: 'Alat berat memadatkan jalan', progress: '30' },
          await jpeg(800, 600),
        ),
      })
      const photo = expectSuccess(first, 201, 'Photo uploaded successfully')
      expect(Object.keys(photo).sort()).toEqual(['caption', 'created_at', 'id', 'image', 'image_alt', 'progress'])
      expect(photo).toMatchObject({ caption: 'Pemadatan', image_alt: 'Alat berat memadatkan jalan', progress: 30 })
      expect(stored(photo.image).length).toBe(4)
      const second = expectSuccess(
        await api('POST', `/api/admin/developments/${item.id}/photos`, { token: clerk, form: form({}, await png()) }),
        201,
      )
      expect(second).toMatchObject({ caption: '', progress: null })
      const shown = expectSuccess(await api('GET', `/api/admin/developments/${item.id}`, { token: clerk }))
      expect(shown.photos.map((p: any) => p.id)).toEqual([photo.id, second.id])
      expect(
        (await api('GET', `/api/public/developments/${item.slug}`)).body.data.photos.map((p: any) => p.id),
      ).toEqual([photo.id, second.id])

      // Refusals: no image, a bad progress, another project's photo, an unknown project, no permission.
      expectFailure(
        await api('POST', `/api/admin/developments/${item.id}/photos`, { token: clerk, form: form({ caption: 'x' }) }),
        422,
        'Validation Errors',
        { Image: 'Image is required' },
      )
      expectFailure(
        await api('POST', `/api/admin/developments/${item.id}/photos`, {
          token: clerk,
          form: form({ progress: '101' }, await png()),
        }),
        422,
        'Validation Errors',
        { Progress: 'Progress must be a whole number from 0 to 100' },
      )
      const other = await project()
      expectFailure(
        await api('DELETE', `/api/admin/developments/${other.id}/photos/${photo.id}`, { token: clerk }),
        404,
        'Photo not found',
      )
      expectFailure(
        await api('POST', '/api/admin/developments/999999999/photos', { token: clerk, form: form({}, await png()) }),
        404,
        'Development not found',
      )
      const reader = await userWithPermissions(['developments-index', 'developments-show'])
      expectFailure(
        await api('POST', `/api/admin/developments/${item.id}/photos`, {
          token: reader.token,
          form: form({}, await png()),
        }),
        403,
      )
      expectFailure(
        await api('DELETE', `/api/admin/developments/${item.id}/photos/${photo.id}`, { token: reader.token }),
        403,
      )
      expectFailure(
        await api('POST', `/api/admin/developments/${item.id}/photos`, { form: form({}, await png()) }),
        401,
      )

      expect(
        await api('DELETE', `/api/admin/developments/${item.id}/photos/${photo.id}`, { token: clerk }),
      ).toMatchObject({ status: 200, body: { success: true, message: 'Photo deleted successfully', data: null } })
      expect(stored(photo.image)).toEqual([])
      const log = expectSuccess(
        await api('GET', `/api/admin/activities?resource=developments&user_id=${userId}`, { token }),
      )
      expect(log.data.map((entry: any) => [entry.action, entry.resource_id, entry.summary, entry.changes])).toEqual([
        ['update', item.id, item.title, ['photos']],
        ['update', item.id, item.title, ['photos']],
        ['update', item.id, item.title, ['photos']],
      ])
    },
  )

  it(
    'lists and searches for staff with developments-index, drafts included; ' + 'other calls need their permission',
    async () => {
      const word = unique('irigasi')
      const draft = await project({ title: `Saluran ${word}`, status: 'draft' })
      const reader = await userWithPermissions(['developments-index'])
      const list = expectSuccess(await api('GET', `/api/admin/developments?search=${word}`, { token: reader.token }))
      expect(list.data.map((row: any) => [row.id, row.status])).toEqual([[draft.id, 'draft']])
      expectFailure(await api('GET', `/api/admin/developments/${draft.id}`, { token: reader.token }), 403)
      expectFailure(await api('POST', '/api/admin/developments', { token: reader.token, json: FIELDS }), 403)
      expectFailure(await api('GET', '/api/admin/developments'), 401)
    },
  )
})

describe('public developments', () => {
  it(
    'lists published projects only, newest first, filtered by year and stage and searched by title; ' +
      'links keep the filters',
    async () => {
      const word = unique('pembangunan')
      const planned = await project({ title: `Rencana ${word}`, year: 2027, progress: 0 })
      const running = await project({ title: `Berjalan ${word}`, year: 2026, progress: 55 })
      const done = await project({ title: `Selesai ${word}`, year: 2026, progress: 100 })
      await project({ title: `Draf ${word}`, status: 'draft' })
      await project({ title: `Nanti ${word}`, published_at: new Date(Date.now() + 86_400_000).toISOString() })
      const ids = async (query: string) =>
        expectSuccess(
          await api('GET', `/api/public/developments?search=${word}${query}`),
          200,
          'List Data Developments',
        )
      expect((await ids('')).data.map((row: any) => row.id)).toEqual([done.id, running.id, planned.id])
      expect((await ids('&year=2026')).data.map((row: any) => row.id)).toEqual([done.id, running.id])
      expect((await ids('&stage=rencana')).data.map((row: any) => row.id)).toEqual([planned.id])
      expect((await ids('&stage=berjalan&year=2026')).data.map((row: any) => row.id)).toEqual([running.id])
      expect((await ids('&stage=selesai&year=2027')).data).toEqual([])
      // An unknown stage or a year that is no year is no filter.
      expect((await ids('&stage=macet&year=dua')).total).toBe(3)
      const paged = await ids('&year=2026&stage=berjalan&limit=1')
      expect(paged.first_page_url).toBe(
        `/api/public/developments?page=1&search=${word}&limit=1&year=2026&stage=berjalan`,
      )
      const row = (await ids('&stage=berjalan')).data[0]
      expect(row).not.toHaveProperty('photos')
      expect(row).toMatchObject({ budget: 420_000_000, stage: 'berjalan', progress: 55 })

      const detail = expectSuccess(
        await api('GET', `/api/public/developments/${running.slug}`),
        200,
        'Detail Data Development',
      )
      expect(detail).toMatchObject({ id: running.id, photos: [] })
      expectFailure(await api('GET', `/api/public/developments/draf-${word}`), 404, 'Development not found', null)
      expectFailure(await api('GET', `/api/public/developments/nanti-${word}`), 404)
      expect((await fetch(`${baseUrl()}/pembangunan/draf-${word}`)).status).toBe(404)
      const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text()
      expect(sitemap).toContain(`/pembangunan/${running.slug}</loc>`)
      expect(sitemap).not.toContain(`/pembangunan/draf-${word}<`)
    },
  )

  it(
    'shows /pembangunan with progress bars and filters, and a project with everything, ' +
      'its photos and the map link',
    async () => {
      const word = unique('jembatan')
      const item = await project({ title: `Jembatan ${word}`, latitude: -6.9175, longitude: 107.6191, progress: 40 })
      await api('POST', `/api/admin/developments/${item.id}/photos`, {
        token,
        form: form({ caption: `Pondasi ${word}`, progress: '10' }, await jpeg()),
      })
      await api('POST', `/api/admin/developments/${item.id}/photos`, {
        token,
        form: form({ caption: `Rangka ${word}`, progress: '40' }, await jpeg()),
      })
      const list = (await (await fetch(`${baseUrl()}/pembangunan?search=${word}&stage=berjalan`)).text()).replace(
        /\u00a0/g,
        ' ',
      )
      expect(list).toContain(`Jembatan ${word}`)
      expect(list).toMatch(/role="progressbar"[^>]*aria-valuenow="40"/)
      expect(list).toContain('>40%</span>')
      expect(list).toContain('>Berjalan</span>')
      expect(list).toContain('Rp 420.000.000')
      expect(list).toMatch(/<select[^>]*name="year"/)
      expect(list).toMatch(/<select[^>]*name="stage"/)
      expect(await (await fetch(`${baseUrl()}/pembangunan?search=${word}&stage=selesai`)).text()).not.toContain(
        `Jembatan ${word}`,
      )

      const page = (await (await fetch(`${baseUrl()}/pembangunan/${item.slug}`)).text()).replace(/\u00a0/g, ' ')
      expect(page).toMatch(new RegExp(`<h1[^>]*>Jembatan ${word}</h1>`))
      for (const text of [
        'Dusun Krajan RT 02/RW 01',
        'Dana Desa',
        'TPK Desa',
        '800 m x 3 m',
        '2 Maret 2026',
        '30 Juni 2026',
      ])
        expect(page).toContain(text)
      expect(page).toContain('href="https://www.openstreetmap.org/?mlat=-6.9175&amp;mlon=107.6191"')
      expect(page).toContain('Lihat di Peta')
      expect(page.indexOf(`Pondasi ${word}`)).toBeGreaterThan(0)
      expect(page.indexOf(`Pondasi ${word}`)).toBeLessThan(page.indexOf(`Rangka ${word}`))
      expect(page).not.toContain('<script>alert(1)</script>')
      expect(page).toContain('"@type":"Project"')
    },
  )
})
