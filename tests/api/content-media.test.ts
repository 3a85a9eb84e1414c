import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, login, unique, userWithPermissions } from '../support/api'
import { fileExists, form, gif, jpeg, png, STORED_NAME, webp } from '../support/content'
import { startServer } from '../support/server'

let token: string
beforeAll(async () => {
  token = await adminToken()
})

describe('photos', () => {
  it('uploads (201, "Photo uploaded successfully"), lists, searches and deletes with the file', async () => {
    const marker = unique('ph')
    const created = await api('POST', '/api/admin/photos', {
      token,
      form: form({ caption: `Sawah ${marker}`, description: 'Pagi hari' }, await webp()),
    })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Photo uploaded successfully')
    const photo = created.body.data
    // The contract's fields and, beyond the original client, `image_alt` (docs/api.md "Alt text").
    expect(Object.keys(photo).sort()).toEqual([
      'caption',
      'created_at',
      'description',
      'id',
      'image',
      'image_alt',
      'updated_at',
    ])
    expect(photo.image).toMatch(STORED_NAME)
    expect(fileExists('photos', photo.image)).toBe(true)
    await api('POST', '/api/admin/photos', {
      token,
      form: form({ caption: 'Sungai', description: `Jernih ${marker}` }, await png()),
    })

    for (const path of ['/api/admin/photos', '/api/public/photos']) {
      const list = await api('GET', `${path}?search=${marker}`, { token })
      expect(list.status).toBe(200)
      expect(list.body).toMatchObject({ message: 'List Data Photos', data: { total: 2, path } })
      expect(list.body.data.data[0].caption).toBe('Sungai')
    }
    const home = await api('GET', '/api/public/photos_home')
    expect(home.body.data.length).toBeLessThanOrEqual(6)
    expect(home.body.data.length).toBeGreaterThan(0)

    const deleted = await api('DELETE', `/api/admin/photos/${photo.id}`, { token })
    expect(deleted.body).toEqual({ success: true, message: 'Photo deleted successfully', data: null })
    expect(fileExists('photos', photo.image)).toBe(false)
    expect((await api('DELETE', `/api/admin/photos/${photo.id}`, { token })).body).toEqual({
      success: false,
      message: 'Photo not found',
      errors: null,
    })
  })

  it('requires the image and the caption, and stores nothing when either is missing', async () => {
    // On a server of its own: other test files upload photos to the shared one meanwhile.
    const own = await startServer()
    try {
      const ownToken = await login('admin', 'password', own.url)
      const photos = path.join(own.uploadsDir, 'photos')
      const stored = () => (fs.existsSync(photos) ? fs.readdirSync(photos).sort() : [])
      const before = stored()
      const noImage = await api('POST', '/api/admin/photos', {
        base: own.url,
        token: ownToken,
        form: form({ caption: 'x' }),
      })
      expect(noImage.status).toBe(422)
      expect(noImage.body.errors).toEqual({ Image: 'Image is required' })
      const noCaption = await api('POST', '/api/admin/photos', {
        base: own.url,
        token: ownToken,
        form: form({ description: 'x' }, await jpeg()),
      })
      expect(noCaption.status).toBe(422)
      expect(noCaption.body.errors).toEqual({ Caption: 'Caption is required' })
      const nothing = await api('POST', '/api/admin/photos', { base: own.url, token: ownToken, form: form({}) })
      expect(nothing.body.errors).toEqual({ Caption: 'Caption is required', Image: 'Image is required' })
      expect(stored()).toEqual(before)
      // The same server does store a complete upload, so the comparison above can see one.
      expect(
        (
          await api('POST', '/api/admin/photos', {
            base: own.url,
            token: ownToken,
            form: form({ caption: 'x' }, await jpeg()),
          })
        ).status,
      ).toBe(201)
      expect(stored().length).toBeGreaterThan(before.length)
    } finally {
      await own.stop()
      fs.rmSync(own.dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('has no show or update call', async () => {
    expect((await api('GET', '/api/admin/photos/1', { token })).status).toBe(404)
    expect((await api('PUT', '/api/admin/photos/1', { token, json: {} })).status).toBe(405)
  })

  it('needs photos-index / photos-create / photos-delete', async () => {
    const viewer = await userWithPermissions(['photos-index'])
    expect((await api('GET', '/api/admin/photos', { token: viewer.token })).status).toBe(200)
    expect(
      (await api('POST', '/api/admin/photos', { token: viewer.token, form: form({ caption: 'x' }, await jpeg()) }))
        .status,
    ).toBe(403)
    expect((await api('DELETE', '/api/admin/photos/1', { token: viewer.token })).status).toBe(403)
    const uploader = await userWithPermissions(['photos-create', 'photos-delete'])
    const created = await api('POST', '/api/admin/photos', {
      token: uploader.token,
      form: form({ caption: 'x' }, await jpeg()),
    })
    expect(created.status).toBe(201)
    expect((await api('DELETE', `/api/admin/photos/${created.body.data.id}`, { token: uploader.token })).status).toBe(
      200,
    )
  })
})

describe('sliders', () => {
  it('uploads, lists newest first on the public call, searches, deletes with the file', async () => {
    const marker = unique('sl')
    const created = await api('POST', '/api/admin/sliders', {
      token,
      form: form({ description: `Selamat datang ${marker}` }, await gif()),
    })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Slider uploaded successfully')
    const slider = created.body.data
    expect(Object.keys(slider).sort()).toEqual(['created_at', 'description', 'id', 'image', 'image_alt', 'updated_at'])
    expect(slider.image).toMatch(/^[a-f0-9]{32}-\d+x\d+\.gif$/)

    const all = await api('GET', '/api/public/sliders')
    expect(all.status).toBe(200)
    expect(all.body.message).toBe('List Data Sliders')
    const ids = all.body.data.map((s: { id: number }) => s.id)
    expect(ids).toContain(slider.id)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)

    const list = await api('GET', `/api/admin/sliders?search=${marker}`, { token })
    expect(list.body.data).toMatchObject({ total: 1, data: [{ id: slider.id }] })

    const noImage = await api('POST', '/api/admin/sliders', { token, form: form({ description: 'x' }) })
    expect(noImage.body.errors).toEqual({ Image: 'Image is required' })
    const optional = await api('POST', '/api/admin/sliders', { token, form: form({}, await jpeg()) })
    expect(optional.status).toBe(201)
    expect(optional.body.data.description).toBe('')

    expect((await api('DELETE', `/api/admin/sliders/${slider.id}`, { token })).body.message).toBe(
      'Slider deleted successfully',
    )
    expect(fileExists('sliders', slider.image)).toBe(false)
    expect((await api('DELETE', `/api/admin/sliders/${slider.id}`, { token })).status).toBe(404)
    await api('DELETE', `/api/admin/sliders/${optional.body.data.id}`, { token })
  })

  it('deletes with sliders-delete (photos-delete is not enough)', async () => {
    const created = (
      await api('POST', '/api/admin/sliders', { token, form: form({ description: 'izin' }, await jpeg()) })
    ).body.data
    const photoDeleter = await userWithPermissions(['photos-delete', 'sliders-index'])
    expect((await api('DELETE', `/api/admin/sliders/${created.id}`, { token: photoDeleter.token })).status).toBe(403)
    const sliderDeleter = await userWithPermissions(['sliders-delete'])
    expect((await api('DELETE', `/api/admin/sliders/${created.id}`, { token: sliderDeleter.token })).status).toBe(200)
  })
})

describe('aparaturs', () => {
  it('creates, shows, updates, replaces the image, deletes; public list, home and detail by id', async () => {
    const marker = unique('ap')
    const created = await api('POST', '/api/admin/aparaturs', {
      token,
      form: form(
        {
          name: `Budi ${marker}`,
          position: 'Kepala Desa',
          description: '<p>Menjabat sejak <strong>2019</strong>.</p>',
        },
        await jpeg(),
      ),
    })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Aparatur created successfully')
    const person = created.body.data
    expect(Object.keys(person).sort()).toEqual([
      'created_at',
      'description',
      'id',
      'image',
      'image_alt',
      'name',
      'position',
      'updated_at',
    ])
    expect(person.description).toBe('<p>Menjabat sejak <strong>2019</strong>.</p>')

    const shown = await api('GET', `/api/admin/aparaturs/${person.id}`, { token })
    expect(shown.body).toMatchObject({ message: 'Detail Data Aparatur', data: { id: person.id } })
    const updated = await api('PUT', `/api/admin/aparaturs/${person.id}`, {
      token,
      form: form({ name: `Budi ${marker}`, position: 'Sekretaris Desa', description: '' }, await png()),
    })
    expect(updated.status).toBe(200)
    expect(updated.body.message).toBe('Aparatur updated successfully')
    expect(updated.body.data).toMatchObject({ position: 'Sekretaris Desa', description: '' })
    expect(fileExists('aparaturs', person.image)).toBe(false)
    expect(fileExists('aparaturs', updated.body.data.image)).toBe(true)

    const byName = await api('GET', `/api/public/aparaturs?search=${marker}`)
    expect(byName.body.message).toBe('List Data Aparaturs')
    expect(byName.body.data).toMatchObject({ total: 1, per_page: 9, data: [{ id: person.id }] })
    const byPosition = await api('GET', `/api/admin/aparaturs?search=SEKRETARIS`, { token })
    expect(byPosition.body.data.data.some((a: { id: number }) => a.id === person.id)).toBe(true)
    expect((await api('GET', '/api/public/aparaturs_home')).body.data.length).toBe(6)

    const detail = await api('GET', `/api/public/aparaturs/${person.id}`)
    expect(detail.body).toMatchObject({
      success: true,
      message: 'Detail Data Aparatur',
      data: { id: person.id, name: `Budi ${marker}` },
    })

    expect((await api('DELETE', `/api/admin/aparaturs/${person.id}`, { token })).body.message).toBe(
      'Aparatur deleted successfully',
    )
    expect(fileExists('aparaturs', updated.body.data.image)).toBe(false)
    for (const path of [
      `/api/public/aparaturs/${person.id}`,
      '/api/public/aparaturs/not-a-number',
      '/api/public/aparaturs/0',
    ]) {
      const missing = await api('GET', path)
      expect(missing.status, path).toBe(404)
      expect(missing.body).toEqual({ success: false, message: 'Aparatur not found', errors: null })
    }
  })

  it('requires name and position; image and description are optional', async () => {
    const result = await api('POST', '/api/admin/aparaturs', { token, form: form({ description: '<p>x</p>' }) })
    expect(result.status).toBe(422)
    expect(result.body.errors).toEqual({ Name: 'Name is required', Position: 'Position is required' })
    const bare = await api('POST', '/api/admin/aparaturs', {
      token,
      json: { name: unique('Siti '), position: 'Kaur Umum' },
    })
    expect(bare.status).toBe(201)
    expect(bare.body.data).toMatchObject({ image: null, description: '' })
  })

  it('needs aparaturs-* permissions', async () => {
    const creator = await userWithPermissions(['aparaturs-create'])
    expect(
      (await api('POST', '/api/admin/aparaturs', { token: creator.token, json: { name: 'a', position: 'b' } })).status,
    ).toBe(201)
    expect((await api('GET', '/api/admin/aparaturs', { token: creator.token })).status).toBe(403)
    expect((await api('DELETE', '/api/admin/aparaturs/1', { token: creator.token })).status).toBe(403)
  })
})
