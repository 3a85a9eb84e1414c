import fs from 'node:fs'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { startServer, type TestServer } from '../support/server'

// Each test starts a server of its own.
vi.setConfig({ testTimeout: 120_000 })

const servers: TestServer[] = []
afterAll(async () => {
  for (const server of servers) {
    await server.stop()
    if (!process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  }
})

async function serve(siteUrl: string) {
  const server = await startServer({ env: { SITE_URL: siteUrl } })
  servers.push(server)
  return server
}

const text = async (url: string) => (await fetch(url)).text()

describe('absolute addresses', () => {
  it('use SITE_URL when it is set, whatever address the request came to', async () => {
    const server = await serve('https://sukamaju.desa.example/')
    const site = 'https://sukamaju.desa.example'
    expect(await text(`${server.url}/robots.txt`)).toContain(`Sitemap: ${site}/sitemap.xml`)
    const sitemap = await text(`${server.url}/sitemap.xml`)
    const locs = sitemap.match(/<loc>[^<]+<\/loc>/g)!.map((loc) => loc.slice(5, -6))
    expect(locs.length).toBeGreaterThan(8)
    for (const loc of locs) expect(loc.startsWith(`${site}/`), loc).toBe(true)
    const feed = await text(`${server.url}/rss.xml`)
    expect(feed).toContain(`<atom:link href="${site}/rss.xml"`)
    expect(feed).not.toContain(server.url)
    const home = await text(`${server.url}/`)
    expect(home).toContain(`<link rel="canonical" href="${site}/"/>`)
    expect(home).toContain(`<meta property="og:image" content="${site}/icon-512.png"/>`)
    expect(home).not.toContain(`${server.url}/`)
  })

  it('follow the request when SITE_URL is empty', async () => {
    const server = await serve('')
    expect(await text(`${server.url}/robots.txt`)).toContain(`Sitemap: ${server.url}/sitemap.xml`)
    const locs = (await text(`${server.url}/sitemap.xml`)).match(/<loc>[^<]+<\/loc>/g)!.map((loc) => loc.slice(5, -6))
    for (const loc of locs) expect(loc.startsWith(`${server.url}/`), loc).toBe(true)
    expect(await text(`${server.url}/privacy`)).toContain(`<link rel="canonical" href="${server.url}/privacy"/>`)
  })
})
