import { describe, expect, it } from 'vitest'
import { regencyResources, regencyUnder } from '~/lib/regency-routes'
import { regencyPaths } from '../../server/regency-host.mjs'
import { page, rootRoutes, route } from '../support/route-build'

// What the regency host serves comes from the routes themselves (handle.regency, app/lib/regency-routes.ts), matched
// as Remix matches them: a build of a few routes declared as the app's are.
const build = {
  basename: undefined,
  routes: {
    ...rootRoutes(),
    ...route('routes/_public._index', undefined, { ...page, handle: { regency: true } }, 'routes/_public', true),
    ...route('routes/_public.berita', 'berita', { ...page, handle: { regency: true } }, 'routes/_public'),
    ...route('routes/_public.posts._index', 'posts', page, 'routes/_public'),
    ...route('routes/admin', 'admin', page),
    ...route('routes/admin.desa._index', 'desa', { ...page, handle: { regency: true } }, 'routes/admin', true),
    ...route(
      'routes/admin.$resource._index',
      ':resource',
      { ...page, handle: { regency: regencyResources } },
      'routes/admin',
    ),
    ...route('routes/api.regency.villages', 'api/regency/villages', { loader: () => null, handle: { regency: true } }),
    ...route('routes/api.public.posts', 'api/public/posts', { loader: () => null, handle: { regency: false } }),
    ...route('routes/api.$', 'api/*', { loader: () => null, handle: { regency: regencyUnder('regency') } }),
    ...route('routes/$', '*', page),
  },
}

describe('the regency host', () => {
  const served = regencyPaths(build)

  it('serves the routes that declare it, for the parameters they accept, and nothing else of the app', () => {
    for (const path of ['/', '/berita', '/BERITA', '/admin/desa', '/admin/announcements', '/api/regency/villages'])
      expect(served(path), path).toBe(true)
    for (const path of ['/posts', '/admin', '/admin/users', '/admin/settings', '/api/public/posts', '/sitemap.xml'])
      expect(served(path), path).toBe(false)
  })

  it("judges a screen's single-fetch data as its screen", () => {
    expect(served('/_root.data')).toBe(true)
    expect(served('/berita.data')).toBe(true)
    expect(served('/posts.data')).toBe(false)
    expect(served('/admin/users.data')).toBe(false)
  })

  it('answers under its own prefixes through the catch-alls that accept them', () => {
    expect(served('/api/regency/nothing-here')).toBe(true)
    expect(served('/api/regency')).toBe(true)
    expect(served('/api/regencyx')).toBe(false)
    expect(served('/api/admin/users')).toBe(false)
    expect(served('/anything')).toBe(false)
  })

  it("serves the build's files and route discovery, and refuses an address that is not valid percent-encoding", () => {
    for (const path of ['/favicon.svg', '/icon-192.png', '/assets/entry.client-abc.js', '/__manifest'])
      expect(served(path), path).toBe(true)
    expect(served('/admin/%ff')).toBe(false)
    // A parameter holding an encoded slash is one segment, as Remix reads it: no resource of the regency.
    expect(served('/admin/desa%2Fx')).toBe(false)
  })
})
