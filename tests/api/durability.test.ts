import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { adminToken, api, clientAddress, unique } from '../support/api'
import { onPostgres, queryDb, startServer, type TestServer } from '../support/server'

/** SQLite's own check of the file (PostgreSQL keeps its consistency itself). */
async function expectIntact(server: TestServer) {
  if (!onPostgres())
    expect((await queryDb<{ integrity_check: string }>(server, 'PRAGMA integrity_check'))[0].integrity_check).toBe('ok')
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 80 } } })
    .png()
    .toBuffer()

function photoForm(image: Buffer, caption: string) {
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png')
  form.append('caption', caption)
  form.append('description', 'uji ketahanan')
  return form
}

describe('concurrent writes', () => {
  it('accepts 50 concurrent admin writes and keeps every one', async () => {
    const token = await adminToken()
    const prefix = unique('Serentak ')
    const image = await png()
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 5 === 4
          ? api('POST', '/api/admin/photos', { token, form: photoForm(image, `${prefix} foto ${i}`) })
          : i % 2
            ? api('POST', '/api/admin/categories', { token, json: { name: `${prefix} kategori ${i}` } })
            : api('POST', '/api/admin/pages', {
                token,
                json: { title: `${prefix} halaman ${i}`, content: '<p>isi</p>' },
              }),
      ),
    )
    expect(results.map((result) => result.status)).toEqual(Array(50).fill(201))
    const search = encodeURIComponent(prefix)
    const [categories, pages, photos] = await Promise.all([
      api('GET', `/api/admin/categories?search=${search}&limit=100`, { token }),
      api('GET', `/api/admin/pages?search=${search}&limit=100`, { token }),
      api('GET', `/api/admin/photos?search=${search}&limit=100`, { token }),
    ])
    expect(categories.body.data.total).toBe(20)
    expect(pages.body.data.total).toBe(20)
    expect(photos.body.data.total).toBe(10)
    // Slugs stay unique under concurrency.
    const slugs = pages.body.data.data.map((page: { slug: string }) => page.slug)
    expect(new Set(slugs).size).toBe(20)
  })
})

describe('crash safety', () => {
  let server: TestServer | undefined
  afterAll(async () => {
    await server?.stop('SIGKILL')
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  // Each round kills the server at a different point of a 30-write burst (SQLite only: vitest.config.ts).
  const rounds = 6
  it(
    'loses no acknowledged write and leaves no orphaned upload when killed mid-burst, ' + `${rounds} times over`,
    async () => {
      server = await startServer({ env: { SEED_DEMO: 'false' } })
      const dir = server.dir
      const image = await png()
      const acknowledged: { kind: 'categories' | 'photos'; id: number; name: string }[] = []

      for (let round = 0; round < rounds; round++) {
        const base = server.url
        const login = await api('POST', '/api/login', {
          base,
          json: { username: 'admin', password: 'password' },
          headers: { 'X-Forwarded-For': clientAddress() },
        })
        const token = login.body.data.token
        let answered = 0
        let enoughAnswered!: () => void
        const someAnswered = new Promise<void>((resolve) => (enoughAnswered = resolve))
        const burst = Array.from({ length: 30 }, (_, i) => {
          const name = `Putaran ${round} nomor ${i} ${unique('')}`
          const request =
            i % 3 === 0
              ? api('POST', '/api/admin/photos', { base, token, form: photoForm(image, name) }).then((r) => ({
                  r,
                  kind: 'photos' as const,
                  name,
                }))
              : api('POST', '/api/admin/categories', { base, token, json: { name } }).then((r) => ({
                  r,
                  kind: 'categories' as const,
                  name,
                }))
          return request
            .then((outcome) => {
              if (++answered >= 3 + round) enoughAnswered()
              return outcome
            })
            .catch(() => null)
        })
        // Kill while the burst is in flight: some writes answered, the others not yet (on a busy machine the first
        // answers can take many seconds; the cap only guards against a server that answers nothing).
        await Promise.race([someAnswered, new Promise((resolve) => setTimeout(resolve, 30_000))])
        await server.stop('SIGKILL')
        for (const outcome of await Promise.all(burst)) {
          if (outcome && outcome.r.status >= 200 && outcome.r.status < 300)
            acknowledged.push({ kind: outcome.kind, id: outcome.r.body.data.id, name: outcome.name })
        }

        await expectIntact(server)
        server = await startServer({ dir })
      }
      expect(acknowledged.length).toBeGreaterThan(0)

      // The restarted server has swept anything a killed write left behind. On PostgreSQL another instance could be
      // uploading, so the start-up sweep leaves markers younger than 15 minutes: there, every file without a record
      // must still be marked, for a later sweep to remove.
      await expectIntact(server)
      for (const write of acknowledged) {
        const table = write.kind === 'photos' ? 'photos' : 'categories'
        const column = write.kind === 'photos' ? 'caption' : 'name'
        const [row] = await queryDb<{ name: string }>(server, `SELECT ${column} AS name FROM ${table} WHERE id = ?`, [
          write.id,
        ])
        expect(row?.name, `${write.kind} ${write.id}`).toBe(write.name)
      }
      const images = new Set(
        (await queryDb<{ image: string }>(server, 'SELECT image FROM photos')).map((row) => row.image),
      )
      const files = fs.readdirSync(path.join(server.uploadsDir, 'photos'))
      const stems = new Set([...images].map((name) => name.replace(/\.[a-z]+$/, '')))
      if (onPostgres()) {
        for (const { name } of await queryDb<{ name: string }>(
          server,
          "SELECT name FROM pending_uploads WHERE kind = 'photos'",
        ))
          stems.add(name.replace(/\.[a-z]+$/, ''))
      }
      // A half-copied `<name>.partial` (local storage) belongs to the upload of `<name>`.
      const stemOf = (file: string) => file.replace(/\.partial$/, '').replace(/(-\d+)?\.[a-z]+$/, '')
      for (const file of files) expect(stems.has(stemOf(file)), `orphan ${file}`).toBe(true)
      for (const image of images) expect(files, `missing file ${image}`).toContain(image)
    },
    240_000,
  )

  it('finishes an in-flight request on SIGTERM before exiting', async () => {
    const own = await startServer({ env: { SEED_DEMO: 'false' } })
    try {
      const login = await api('POST', '/api/login', {
        base: own.url,
        json: { username: 'admin', password: 'password' },
        headers: { 'X-Forwarded-For': clientAddress() },
      })
      // An upload whose body arrives in two halves, with SIGTERM sent in between.
      const form = photoForm(await png(), unique('Terakhir '))
      const encoded = new Response(form)
      const body = new Uint8Array(await encoded.arrayBuffer())
      let signalled!: () => void
      const afterSignal = new Promise<void>((resolve) => (signalled = resolve))
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(body.subarray(0, 100))
          await afterSignal
          controller.enqueue(body.subarray(100))
          controller.close()
        },
      })
      const upload = fetch(`${own.url}/api/admin/photos`, {
        method: 'POST',
        body: stream,
        headers: {
          Authorization: `Bearer ${login.body.data.token}`,
          'Content-Type': encoded.headers.get('content-type')!,
        },
        duplex: 'half',
      } as RequestInit)
      await new Promise((resolve) => setTimeout(resolve, 300))
      const stopped = own.stop('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(own.process.exitCode).toBeNull()
      signalled()
      expect((await upload).status).toBe(201)
      await stopped
      expect(own.output()).toContain('SIGTERM')
      expect(own.process.exitCode).toBe(0)
    } finally {
      await own.stop('SIGKILL')
      fs.rmSync(own.dir, { recursive: true, force: true })
    }
  })
})
