/**
 * Every destination of the public site, once: the header's menu (grouped on a phone as on a desktop), the footer's
 * links and the sitemap's fixed addresses all read this list, so adding a destination is one line. A link is current
 * on its own address and below it (`paths`, by default its own; `exact`: only on its own); a group opens to its links.
 */

export type NavLink = { to: string; label: string; paths?: readonly string[]; exact?: true }
export type NavGroup = { id: string; label: string; items: readonly NavLink[] }
export type NavEntry = NavLink | NavGroup

export const isGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry

/** A destination; `more` marks it current elsewhere too (`paths`) or only on its own address (`exact`). */
const link = (to: string, label: string, more?: Pick<NavLink, 'paths' | 'exact'>): NavLink => ({ to, label, ...more })

const group = (id: string, label: string, items: NavLink[]): NavGroup => ({ id, label, items })

export const SITE_NAVIGATION: readonly NavEntry[] = [
  link('/', 'Beranda'),
  link('/pages', 'Tentang Desa'),
  link('/aparaturs', 'Aparaturs'),
  link('/posts', 'Berita', { paths: ['/posts', '/berita'] }),
  link('/products', 'Produk Desa'),
  link('/photos', 'Galeri'),
  link('/agenda', 'Agenda'),
  group('transparansi', 'Transparansi', [link('/apbdes', 'APBDes'), link('/pembangunan', 'Pembangunan')]),
  group('informasi', 'Informasi', [
    link('/pengumuman', 'Pengumuman'),
    link('/statistik', 'Statistik Desa'),
    link('/dokumen', 'Dokumen'),
    link('/ppid', 'PPID'),
  ]),
  group('layanan', 'Layanan', [
    link('/layanan', 'Layanan Pengaduan', { exact: true }),
    link('/layanan/surat', 'Layanan Surat'),
    link('/layanan/lacak', 'Lacak Laporan'),
    link('/verifikasi', 'Verifikasi Surat'),
  ]),
  link('/cari', 'Pencarian'),
]

/** Whether `pathname` is the link's page or below it. */
export function isCurrent(link: NavLink, pathname: string): boolean {
  if (link.to === '/' || link.exact) return pathname === link.to
  return (link.paths ?? [link.to]).some((path) => pathname === path || pathname.startsWith(`${path}/`))
}

/** Every address the menu reaches, in its order, each once. */
export const navigationPaths = (entries: readonly NavEntry[] = SITE_NAVIGATION): string[] => [
  ...new Set(entries.flatMap((entry) => (isGroup(entry) ? entry.items.map((item) => item.to) : [entry.to]))),
]
