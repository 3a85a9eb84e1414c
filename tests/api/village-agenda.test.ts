import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminToken,
  api,
  baseUrl,
  expectFailure,
  expectSuccess,
  ISO_UTC,
  login,
  unique,
  userWithPermissions,
} from '../support/api'
import { fileExists, form, jpeg, STORED_NAME } from '../support/content'
import { startServer, testClock, type TestServer } from '../support/server'

// The agenda (docs/api.md "Agenda"): both doors' writes and their bad input, the public reads (upcoming and past, the
// publishing rule), the iCalendar feeds byte by byte, the pages; and, on a server of this file's own with a clock it
// moves, an event moving from upcoming to past with no write in between, through every cache.

const HOUR = 3600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()
/** A day in the future (UTC date), far enough not to have begun anywhere. */
const day = (days: number) => iso(Date.now() + days * DAY).slice(0, 10)

const EVENT_KEYS = [
  'id',
  'title',
  'slug',
  'description',
  'location',
  'starts_at',
  'ends_at',
  'all_day',
  'organizer',
  'image',
  'image_alt',
  // Peta Desa (issue 39): where it takes place, both or neither.
  'latitude',
  'longitude',
  'status',
  'published_at',
  'created_at',
  'updated_at',
].sort()

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const createEvent = (fields: Record<string, unknown>, as = token) =>
  api('POST', '/api/admin/events', { token: as, json: fields })

/** A page of the shared test server (or of `base`), as a visitor without a cookie asks for it. */
const page = async (path: string, base = baseUrl()) => {
  const response = await fetch(`${base}${path}`, { redirect: 'manual' })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

describe('admin events', () => {
  it('creates an event from multipart with a picture (width copies), 1/0 booleans and a local time in TZ', async () => {
    const title = unique('Posyandu Balita ')
    const result = await api('POST', '/api/admin/events', {
      token,
      form: form(
        {
          title,
          description: '<p>Penimbangan dan imunisasi.</p>',
          location: 'Pos Kesehatan Desa',
          organizer: 'Kader Posyandu',
          all_day: '0',
          starts_at: `${day(30)}T08:00`,
          ends_at: `${day(30)}T11:00`,
          image_alt: 'Ibu dan balita di posyandu',
        },
        await jpeg(1200, 800),
      ),
    })
    const event = expectSuccess(result, 201, 'Event created successfully')
    expect(Object.keys(event).sort()).toEqual(EVENT_KEYS)
    expect(event).toMatchObject({
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      location: 'Pos Kesehatan Desa',
      organizer: 'Kader Posyandu',
      all_day: false,
      image_alt: 'Ibu dan balita di posyandu',
      status: 'published',
      // 08:00 and 11:00 in Asia/Jakarta (UTC+7), the test server's TZ.
      starts_at: `${day(30)}T01:00:00.000Z`,
      ends_at: `${day(30)}T04:00:00.000Z`,
    })
    expect(event.published_at).toMatch(ISO_UTC)
    expect(event.image).toMatch(STORED_NAME)
    expect(fileExists('events', event.image)).toBe(true)
    // The width copies of the upload pipeline.
    expect(fileExists('events', event.image.replace(/\.jpg$/, '-640.webp'))).toBe(true)

    // `true`/`false` as well; an update without a file keeps the picture, and a title change renames the slug.
    const renamed = `${title} Lansia`
    const updated = expectSuccess(
      await api('PUT', `/api/admin/events/${event.id}`, {
        token,
        form: form({ title: renamed, all_day: 'true', starts_at: day(31), ends_at: day(32) }),
      }),
      200,
      'Event updated successfully',
    )
    expect(updated).toMatchObject({
      title: renamed,
      slug: renamed.toLowerCase().replace(/ /g, '-'),
      image: event.image,
      all_day: true,
      starts_at: `${day(31)}T00:00:00.000Z`,
      ends_at: `${day(32)}T00:00:00.000Z`,
      // An update without status keeps it and its publish time.
      status: 'published',
      published_at: event.published_at,
    })
    // A new picture replaces the old file.
    const replaced = expectSuccess(
      await api('PUT', `/api/admin/events/${event.id}`, {
        token,
        form: form({ title: renamed, all_day: 'false', starts_at: `${day(31)}T09:00:00+07:00` }, await jpeg(640, 480)),
      }),
    )
    expect(replaced.image).not.toBe(event.image)
    expect(replaced.ends_at).toBeNull()
    expect(fileExists('events', event.image)).toBe(false)
    expect(fileExists('events', replaced.image)).toBe(true)

    expectSuccess(await api('GET', `/api/admin/events/${event.id}`, { token }), 200, 'Detail Data Event')
    const listed = expectSuccess(await api('GET', `/api/admin/events?search=${encodeURIComponent(renamed)}`, { token }))
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual([event.id])

    const log = expectSuccess(
      await api('GET', `/api/admin/activities?resource=events&search=${encodeURIComponent(title)}`, { token }),
    )
    expect(log.data.map((entry: { action: string }) => entry.action).sort()).toEqual(['create', 'update', 'update'])

    expectSuccess(await api('DELETE', `/api/admin/events/${event.id}`, { token }), 200, 'Event deleted successfully')
    expect(fileExists('events', replaced.image)).toBe(false)
    expectFailure(await api('GET', `/api/admin/events/${event.id}`, { token }), 404, 'Event not found')
  })

  it('takes JSON: an all-day event by dates, true/false, and replaces a line break in the title or place', async () => {
    const title = unique('Vaksinasi Ternak ')
    const event = expectSuccess(
      await createEvent({
        title: `${title}\r\nHari Kedua`,
        location: 'Kandang\nDusun Krajan',
        all_day: true,
        starts_at: day(40),
      }),
      201,
    )
    expect(event).toMatchObject({
      title: `${title} Hari Kedua`,
      location: 'Kandang Dusun Krajan',
      all_day: true,
      starts_at: `${day(40)}T00:00:00.000Z`,
      ends_at: null,
      image: null,
      image_alt: '',
    })
  })

  it('refuses every bad input of the issue with 422 on the field', async () => {
    expectFailure(await createEvent({ title: '', starts_at: '' }), 422, 'Validation Errors', {
      Title: 'Title is required',
      Starts_at: 'Starts_at is required',
    })
    expectFailure(
      await createEvent({
        title: unique('Terbalik '),
        starts_at: `${day(20)}T10:00:00Z`,
        ends_at: `${day(20)}T09:00:00Z`,
      }),
      422,
      'Validation Errors',
      { Ends_at: 'Ends_at may not be before Starts_at' },
    )
    // An all-day event with a time, in both doors' forms.
    const allDayWithTime = await api('POST', '/api/admin/events', {
      token,
      form: form({ title: unique('Sehari '), all_day: '1', starts_at: `${day(20)}T08:00` }),
    })
    expectFailure(allDayWithTime, 422, 'Validation Errors')
    expect(Object.keys(allDayWithTime.body.errors)).toEqual(['Starts_at'])
    expect(allDayWithTime.body.errors.Starts_at).toMatch(/all-day event takes a date without a time/)
    const endWithTime = await createEvent({
      title: unique('Sehari '),
      all_day: true,
      starts_at: day(20),
      ends_at: `${day(21)}T10:00:00Z`,
    })
    expect(endWithTime.status).toBe(422)
    expect(Object.keys(endWithTime.body.errors)).toEqual(['Ends_at'])
    // A timed event needs a time; an all-day one a date that exists.
    expect((await createEvent({ title: unique('Jam '), starts_at: day(20) })).body.errors).toHaveProperty('Starts_at')
    expect(
      (await createEvent({ title: unique('Tanggal '), all_day: true, starts_at: '2026-02-30' })).body.errors,
    ).toEqual({ Starts_at: 'Starts_at must be a date (YYYY-MM-DD)' })
    // Booleans: 1/0 or true/false in a form; JSON booleans in JSON.
    const yes = await api('POST', '/api/admin/events', {
      token,
      form: form({ title: unique('Ya '), all_day: 'yes', starts_at: day(20) }),
    })
    expect(yes.body.errors).toEqual({ All_day: 'All_day must be 1, 0, true or false' })
    expect(
      (await createEvent({ title: unique('Teks '), all_day: '1', starts_at: day(20) })).body.errors,
    ).toHaveProperty('All_day')
    expect((await createEvent({ title: unique('Angka '), starts_at: 20260101 })).body.errors).toHaveProperty(
      'Starts_at',
    )
    // A picture that is no picture.
    const bad = await api('POST', '/api/admin/events', {
      token,
      form: (() => {
        const body = form({ title: unique('Gambar '), starts_at: `${day(20)}T08:00` })
        body.append('image', new Blob(['not an image'], { type: 'image/png' }), 'x.png')
        return body
      })(),
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toHaveProperty('Image')
  })

  it('checks the permissions of each call', async () => {
    expectFailure(await api('GET', '/api/admin/events'), 401, 'Unauthenticated')
    const reader = await userWithPermissions(['events-index'])
    expectSuccess(await api('GET', '/api/admin/events', { token: reader.token }))
    expectFailure(
      await createEvent({ title: unique('Tanpa Izin '), starts_at: day(20) }, reader.token),
      403,
      'Forbidden',
    )
    const writer = await userWithPermissions(['events-create'])
    expectSuccess(
      await createEvent({ title: unique('Dengan Izin '), all_day: true, starts_at: day(20) }, writer.token),
      201,
    )
  })
})

describe('public events', () => {
  it('lists upcoming events soonest first and past ones latest end first, only what the public may see', async () => {
    const word = unique('urutan')
    const make = (suffix: string, fields: Record<string, unknown>) =>
      createEvent({ title: `${word} ${suffix}`, ...fields }).then((result) => expectSuccess(result, 201))
    const later = await make('later', { starts_at: iso(Date.now() + 20 * DAY) })
    const sooner = await make('sooner', { starts_at: iso(Date.now() + 10 * DAY), ends_at: iso(Date.now() + 11 * DAY) })
    // Started yesterday, ends tomorrow: not yet ended, so upcoming.
    const running = await make('running', { starts_at: iso(Date.now() - DAY), ends_at: iso(Date.now() + DAY) })
    const draft = await make('draft', { starts_at: iso(Date.now() + 5 * DAY), status: 'draft' })
    const scheduled = await make('scheduled', {
      starts_at: iso(Date.now() + 5 * DAY),
      status: 'published',
      published_at: iso(Date.now() + 3 * DAY),
    })
    // Past: without an end by its start; an all-day event at the end of its day.
    const endedLong = await make('ended-long', {
      starts_at: iso(Date.now() - 30 * DAY),
      ends_at: iso(Date.now() - 20 * DAY),
    })
    const endedRecently = await make('ended-recently', { starts_at: iso(Date.now() - 3 * DAY) })
    const allDayPast = await make('allday-past', { all_day: true, starts_at: day(-10) })

    const ours = (rows: { id: number }[]) =>
      rows
        .map((row) => row.id)
        .filter((id) =>
          [later, sooner, running, draft, scheduled, endedLong, endedRecently, allDayPast].some((e) => e.id === id),
        )
    const upcoming = expectSuccess(await api('GET', '/api/public/events?limit=100'), 200, 'List Data Events')
    // Other events of this file may sit between: only the order of ours is checked.
    expect(ours(upcoming.data)).toEqual([running.id, sooner.id, later.id])
    expect(Object.keys(upcoming.data[0]).sort()).toEqual(EVENT_KEYS)
    const past = expectSuccess(await api('GET', '/api/public/events?when=past&limit=100'))
    expect(ours(past.data)).toEqual([endedRecently.id, allDayPast.id, endedLong.id])
    expect(past.first_page_url).toBe('/api/public/events?page=1&limit=100&when=past')
    // `when` anything else is upcoming.
    expect(ours(expectSuccess(await api('GET', '/api/public/events?when=x&limit=100')).data)).toEqual(
      ours(upcoming.data),
    )

    expectSuccess(await api('GET', `/api/public/events/${sooner.slug}`), 200, 'Detail Data Event')
    expectFailure(await api('GET', `/api/public/events/${draft.slug}`), 404, 'Event not found')
    expectFailure(await api('GET', `/api/public/events/${scheduled.slug}`), 404, 'Event not found')
    expect((await page(`/agenda/${draft.slug}`)).status).toBe(404)
    expect((await page(`/agenda/${sooner.slug}`)).status).toBe(200)
  })

  it(
    'writes the iCalendar feeds as RFC 5545 says: CRLF, 75-octet ' +
      'folding of multibyte text, escaped TEXT, UTC times',
    async () => {
      const title = unique('Musyawarah “Rencana Kerja” 🌾 Dusun Krajan, RT 01; RW 02 — pembahasan anggaran desa ')
      const event = expectSuccess(
        await createEvent({
          title,
          location: 'Balai Desa, Jl. Raya; lantai 2',
          organizer: 'BPD',
          description: '<p>Baris satu\\ pertama</p><p>Baris dua</p>',
          starts_at: `${day(50)}T19:30`,
          ends_at: `${day(50)}T22:00`,
        }),
        201,
      )
      const allDay = expectSuccess(
        await createEvent({ title: unique('Bersih Desa '), all_day: true, starts_at: day(51), ends_at: day(52) }),
        201,
      )
      const draft = expectSuccess(
        await createEvent({ title: unique('Draf Agenda '), starts_at: `${day(50)}T08:00`, status: 'draft' }),
        201,
      )

      const one = await fetch(`${baseUrl()}/agenda/${event.slug}.ics`)
      expect(one.status).toBe(200)
      expect(one.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
      const bytes = Buffer.from(await one.arrayBuffer())
      const text = bytes.toString('utf8')
      // Every line ends with CRLF, and no CR or LF stands alone.
      expect(text.endsWith('\r\n')).toBe(true)
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
      const lines = text.split('\r\n').slice(0, -1)
      for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75)
      // Unfolded, the folded SUMMARY is the escaped title; no character was split.
      const unfolded = text.replace(/\r\n /g, '')
      expect(Buffer.from(unfolded, 'utf8').toString('utf8')).toBe(unfolded)
      const content = unfolded.split('\r\n')
      const escaped = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`)
      expect(content).toContain(`SUMMARY:${escaped(title)}`)
      expect(lines.some((line) => line.startsWith(' '))).toBe(true)
      expect(content).toContain('LOCATION:Balai Desa\\, Jl. Raya\\; lantai 2')
      expect(content.find((line) => line.startsWith('DESCRIPTION:'))).toBe(
        'DESCRIPTION:Baris satu\\\\ pertama Baris dua\\n\\nPenyelenggara: BPD',
      )
      expect(content).toContain(`DTSTART:${day(50).replaceAll('-', '')}T123000Z`)
      expect(content).toContain(`DTEND:${day(50).replaceAll('-', '')}T150000Z`)
      expect(content.find((line) => line.startsWith('UID:'))).toMatch(new RegExp(`^UID:agenda-${event.id}@`))
      expect(content.find((line) => line.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/)
      expect(content.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0'])
      expect(content.filter((line) => /^(BEGIN|END):VEVENT$/.test(line))).toEqual(['BEGIN:VEVENT', 'END:VEVENT'])

      const feed = (await (await fetch(`${baseUrl()}/agenda.ics`)).text()).replace(/\r\n /g, '')
      const uids = feed.split('\r\n').filter((line) => line.startsWith('UID:'))
      expect(uids).toContain(`UID:agenda-${event.id}@127.0.0.1`)
      expect(uids).toContain(`UID:agenda-${allDay.id}@127.0.0.1`)
      expect(uids).not.toContain(`UID:agenda-${draft.id}@127.0.0.1`)
      const allDayBlock = feed.slice(
        feed.indexOf(`UID:agenda-${allDay.id}@`),
        feed.indexOf('END:VEVENT', feed.indexOf(`UID:agenda-${allDay.id}@`)),
      )
      expect(allDayBlock).toContain(`DTSTART;VALUE=DATE:${day(51).replaceAll('-', '')}`)
      // DTEND of dates is the day after the last.
      expect(allDayBlock).toContain(`DTEND;VALUE=DATE:${day(53).replaceAll('-', '')}`)
      expect((await fetch(`${baseUrl()}/agenda/${draft.slug}.ics`)).status).toBe(404)
    },
  )

  it(
    'shows the agenda pages: /agenda links its feed, an event ' +
      'links its .ics and Google Calendar and is an Event in JSON-LD',
    async () => {
      const title = unique('Kerja Bakti Saluran ')
      const event = expectSuccess(
        await createEvent({ title, location: 'Dusun Krajan', starts_at: iso(Date.now() + 2 * DAY) }),
        201,
      )
      const agenda = await page('/agenda')
      expect(agenda.text).toContain('href="/agenda.ics"')
      expect(agenda.text).toContain('Agenda Sebelumnya')
      const detail = await page(`/agenda/${event.slug}`)
      expect(detail.status).toBe(200)
      expect(detail.text).toContain(`href="/agenda/${event.slug}.ics"`)
      expect(detail.text).toMatch(/href="https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&amp;text=/)
      const ld = [...detail.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
        JSON.parse(match[1]),
      )
      const graph = ld.find((item) => item['@type'] === 'Event')
      expect(graph).toMatchObject({
        name: title,
        startDate: event.starts_at,
        location: { '@type': 'Place', name: 'Dusun Krajan' },
      })
      const sitemap = await page('/sitemap.xml')
      expect(sitemap.text).toContain(`/agenda/${event.slug}</loc>`)
      // The site search finds it, labelled Agenda.
      const found = await page(`/cari?q=${encodeURIComponent(title.trim())}`)
      expect(found.text).toContain(`href="/agenda/${event.slug}"`)
      expect(found.text).toContain('>Agenda</span>')
    },
  )
})

describe('time passing (a server of this file, its clock moved)', () => {
  const clock = testClock()
  let server: TestServer
  let admin: string
  const call = (method: string, path: string, options: Parameters<typeof api>[2] = {}) =>
    api(method, path, { ...options, base: server.url })

  beforeAll(async () => {
    server = await startServer({ env: clock.env })
    admin = await login('admin', 'password', server.url)
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
    clock.remove()
  })

  /** Where each door shows the event, each asked twice (the second answer may come from a cache). */
  async function seen(event: { id: number; title: string; slug: string }) {
    const where: Record<string, boolean>[] = []
    for (let round = 0; round < 2; round++) {
      const upcoming = expectSuccess(await call('GET', '/api/public/events?limit=100')).data as { id: number }[]
      const past = expectSuccess(await call('GET', '/api/public/events?when=past&limit=100')).data as { id: number }[]
      const agenda = (await page('/agenda', server.url)).text
      const home = (await page('/', server.url)).text
      const at = agenda.indexOf(event.title)
      where.push({
        apiUpcoming: upcoming.some((row) => row.id === event.id),
        apiPast: past.some((row) => row.id === event.id),
        agendaUpcoming: at !== -1 && at < agenda.indexOf('Agenda Sebelumnya'),
        agendaPast: at > agenda.indexOf('Agenda Sebelumnya'),
        home: home.includes(event.title),
      })
    }
    expect(where[1]).toEqual(where[0])
    return where[0]
  }

  it(
    'moves an event from upcoming to past when it ends, ' + 'and a scheduled one in at its time, with no write',
    async () => {
      const upcomingCount = async () =>
        expectSuccess(await call('GET', '/api/admin/dashboard', { token: admin }), 200, 'Dashboard')
          .upcoming_events_count
      const before = await upcomingCount()
      const now = Date.now()
      const event = expectSuccess(
        await call('POST', '/api/admin/events', {
          token: admin,
          json: { title: unique('Rapat Sebentar '), starts_at: iso(now + 10 * 60_000), ends_at: iso(now + HOUR) },
        }),
        201,
      )
      const scheduled = expectSuccess(
        await call('POST', '/api/admin/events', {
          token: admin,
          json: {
            title: unique('Terjadwal Nanti '),
            starts_at: iso(now + 5 * HOUR),
            status: 'published',
            published_at: iso(now + 2 * HOUR),
          },
        }),
        201,
      )
      expect(await seen(event)).toEqual({
        apiUpcoming: true,
        apiPast: false,
        agendaUpcoming: true,
        agendaPast: false,
        home: true,
      })
      expect(await seen(scheduled)).toEqual({
        apiUpcoming: false,
        apiPast: false,
        agendaUpcoming: false,
        agendaPast: false,
        home: false,
      })
      const detail = await page(`/agenda/${event.slug}`, server.url)
      expect(detail.text).not.toContain('Sudah berlalu')
      // The dashboard counts the events still to come: this one, not the scheduled one.
      expect(await upcomingCount()).toBe(before + 1)

      clock.move(1.5 * HOUR)
      expect(await seen(event)).toEqual({
        apiUpcoming: false,
        apiPast: true,
        agendaUpcoming: false,
        agendaPast: true,
        home: false,
      })
      expect((await page(`/agenda/${event.slug}`, server.url)).text).toContain('Sudah berlalu')
      expect(await upcomingCount()).toBe(before)
      expect(await seen(scheduled)).toEqual({
        apiUpcoming: false,
        apiPast: false,
        agendaUpcoming: false,
        agendaPast: false,
        home: false,
      })

      clock.move(2.5 * HOUR)
      expect(await seen(scheduled)).toEqual({
        apiUpcoming: true,
        apiPast: false,
        agendaUpcoming: true,
        agendaPast: false,
        home: true,
      })
    },
  )

  it("ends an all-day event at the end of its day in the village's time zone", async () => {
    clock.move(0)
    // Today in Asia/Jakarta (UTC+7), and the moment its day ends.
    const today = iso(Date.now() + 7 * HOUR).slice(0, 10)
    const midnight = Date.parse(`${today}T00:00:00Z`) + DAY - 7 * HOUR
    const event = expectSuccess(
      await call('POST', '/api/admin/events', {
        token: admin,
        json: { title: unique('Hari Bersih '), all_day: true, starts_at: today },
      }),
      201,
    )
    clock.move(midnight - Date.now() - 60_000)
    expect((await seen(event)).apiUpcoming).toBe(true)
    clock.move(midnight - Date.now() + 60_000)
    expect(await seen(event)).toMatchObject({ apiUpcoming: false, apiPast: true })
  })
})
