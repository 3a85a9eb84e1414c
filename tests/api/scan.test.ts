import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { api, login } from '../support/api'
import { png } from '../support/content'
import { insertRows, onPostgres, queryDb, ROOT, startServer, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

/**
 * `npm run scan` (scripts/scan.mjs): stored spam and stray upload files, on the database and folder of a real install.
 */

let server: TestServer

/** Runs the scan on the server's database and uploads (or on `database`), as an operator would with its environment. */
function scan(database = server.databaseUrl) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production' as const,
    DATABASE_URL: database,
    UPLOADS_DIR: server.uploadsDir,
    STORAGE: 'local',
  }
  const result = spawnSync(process.execPath, ['scripts/scan.mjs'], { cwd: ROOT, env, encoding: 'utf8' })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

beforeAll(async () => {
  server = await startServer()
})

afterAll(async () => {
  await server?.stop()
  if (server) fs.rmSync(server.dir, { recursive: true, force: true })
})

describe(`npm run scan (${onPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it(
    'finds a spam record written straight into the database and stray files in the uploads, ' +
      'and is clean without them',
    async () => {
      // The demo village the server seeded, its pictures included, is clean.
      const clean = scan()
      expect(clean.output).toMatch(/^\[scan\] clean: \d+ records, \d+ files looked at$/m)
      expect(clean.status, clean.output).toBe(0)

      const now = new Date().toISOString()
      await insertRows(
        server,
        'categories',
        ['name', 'slug', 'created_at', 'updated_at'],
        [['Info Sl0t G4c0r Malam Ini', 'info-slot-gacor-malam-ini', now, now]],
      )
      const [{ id }] = await queryDb<{ id: number }>(server, 'SELECT "id" FROM "categories" WHERE "slug" = ?', [
        'info-slot-gacor-malam-ini',
      ])
      const posts = path.join(server.uploadsDir, 'posts')
      fs.mkdirSync(posts, { recursive: true })
      fs.writeFileSync(path.join(posts, 'shell.php'), '<?php system($_GET["c"]); ?>')
      const fake = '0123456789abcdef0123456789abcdef-10x10.png'
      fs.writeFileSync(path.join(posts, fake), '<html><script>alert(1)</script></html>')
      // A real picture under a name the site gives, that no record uses.
      const unused = 'fedcba9876543210fedcba9876543210-64x48.png'
      fs.writeFileSync(path.join(posts, unused), (await png()).data)
      fs.writeFileSync(path.join(server.uploadsDir, 'index.html'), '<h1>slot</h1>')

      const dirty = scan()
      expect(dirty.status, dirty.output).toBe(1)
      expect(dirty.output).toContain(`[scan] categories ${id} name: "gacor"`)
      expect(dirty.output).toContain('[scan] uploads posts/shell.php: not a name the site gives an upload')
      expect(dirty.output).toContain(`[scan] uploads posts/${fake}: its content is not the PNG image its name says`)
      expect(dirty.output).toContain('[scan] uploads index.html: not in a folder of uploads')
      expect(dirty.output).toContain(`[scan] uploads posts/${unused}: no record uses it`)
      expect(dirty.output).toMatch(
        /\[scan\] found 1 record field the spam guard refuses and 4 files that are not an image we stored/,
      )

      await queryDb(server, 'DELETE FROM "categories" WHERE "id" = ?', [id])
      for (const file of [
        path.join(posts, 'shell.php'),
        path.join(posts, fake),
        path.join(posts, unused),
        path.join(server.uploadsDir, 'index.html'),
      ])
        fs.rmSync(file)
      expect(scan().status).toBe(0)
    },
  )

  it('does not report an editor image that waits for its 24-hour sweep', async () => {
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array((await png()).data)], { type: 'image/png' }), 'foto.png')
    const upload = await api('POST', '/api/admin/uploads', {
      base: server.url,
      token: await login('admin', 'password', server.url),
      form,
    })
    expect(upload.status).toBe(201)
    const name = path.basename(upload.body.data.url)
    expect(fs.existsSync(path.join(server.uploadsDir, 'content', name))).toBe(true)
    const result = scan()
    expect(result.output).not.toContain(name)
    expect(result.status, result.output).toBe(0)
  })

  it("knows the village information: an event's picture is used, spam in an announcement is found", async () => {
    const token = await login('admin', 'password', server.url)
    const form = new FormData()
    form.append('title', 'Posyandu Bulan Ini')
    form.append('starts_at', '2030-01-10T08:00')
    form.append('image', new Blob([new Uint8Array((await png()).data)], { type: 'image/png' }), 'foto.png')
    const event = await api('POST', '/api/admin/events', { base: server.url, token, form })
    expect(event.status, event.text).toBe(201)
    expect(fs.existsSync(path.join(server.uploadsDir, 'events', event.body.data.image))).toBe(true)
    const announcement = await api('POST', '/api/admin/announcements', {
      base: server.url,
      token,
      json: { title: 'Pemadaman Air', starts_at: '2020-01-01T00:00:00Z', ends_at: '2020-01-02T00:00:00Z' },
    })
    expect(announcement.status).toBe(201)
    expect(scan().status).toBe(0)
    await queryDb(server, 'UPDATE "announcements" SET "title" = ? WHERE "id" = ?', [
      'Info Sl0t G4c0r Malam Ini',
      announcement.body.data.id,
    ])
    const dirty = scan()
    expect(dirty.status, dirty.output).toBe(1)
    expect(dirty.output).toContain(`[scan] announcements ${announcement.body.data.id} title: "gacor"`)
    await queryDb(server, 'DELETE FROM "announcements" WHERE "id" = ?', [announcement.body.data.id])
    expect(scan().status).toBe(0)
  })

  it('says so, with exit code 2, when it cannot open the database', () => {
    const result = scan(`file:${path.join(server.dir, 'missing.db')}`)
    expect(result.status).toBe(2)
    expect(result.output).toContain('[scan] could not look:')
  })
})
