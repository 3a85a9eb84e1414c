import { describe, expect, it } from 'vitest'
import { isCurrent, isGroup, navigationPaths, SITE_NAVIGATION } from '~/lib/site-navigation'

describe('the public menu (app/lib/site-navigation.ts)', () => {
  it('keeps the original six links first, as links, and groups the village information', () => {
    expect(
      SITE_NAVIGATION.slice(0, 6).map((entry) => (isGroup(entry) ? entry.label : `${entry.label} ${entry.to}`)),
    ).toEqual([
      'Beranda /',
      'Tentang Desa /pages',
      'Aparaturs /aparaturs',
      'Berita /posts',
      'Produk Desa /products',
      'Galeri /photos',
    ])
    const groups = Object.fromEntries(
      SITE_NAVIGATION.filter(isGroup).map((group) => [group.label, group.items.map((item) => item.to)]),
    )
    expect(groups).toEqual({
      Transparansi: ['/apbdes', '/pembangunan'],
      Informasi: ['/pengumuman', '/statistik', '/dokumen', '/ppid'],
      Layanan: ['/layanan', '/layanan/surat', '/layanan/lacak', '/verifikasi'],
    })
    // Every destination once, /cari and /agenda among them.
    const paths = navigationPaths()
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths).toEqual(expect.arrayContaining(['/agenda', '/cari']))
  })

  it('marks a link current on its page and below it, the home page and exact links on their own page only', () => {
    const link = (to: string) =>
      SITE_NAVIGATION.flatMap((entry) => (isGroup(entry) ? entry.items : [entry])).find((item) => item.to === to)!
    expect(isCurrent(link('/'), '/')).toBe(true)
    expect(isCurrent(link('/'), '/posts')).toBe(false)
    expect(isCurrent(link('/posts'), '/berita')).toBe(true)
    expect(isCurrent(link('/posts'), '/posts/panen-raya')).toBe(true)
    expect(isCurrent(link('/agenda'), '/agenda/posyandu')).toBe(true)
    expect(isCurrent(link('/layanan'), '/layanan')).toBe(true)
    expect(isCurrent(link('/layanan'), '/layanan/lacak')).toBe(false)
    expect(isCurrent(link('/layanan/lacak'), '/layanan/lacak')).toBe(true)
    expect(isCurrent(link('/pages'), '/pagesx')).toBe(false)
  })
})
