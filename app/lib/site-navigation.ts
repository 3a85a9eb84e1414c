/**
 * Every destination of the public site, once: the header's menu (grouped on a phone as on a desktop), the footer's
 * links and the sitemap's fixed addresses all read this list, so adding a destination is one line. A link is current
 * on its own address and below it (`paths`, by default its own; `exact`: only on its own); a group opens to its links.
 */

export type NavLink = { to: string; label: string; paths?: readonly string[]; exact?: true }
export type NavGroup = { id: string; label: string; items: readonly NavLink[] }
export type NavEntry = NavLink | NavGroup

export const isGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry

export const SITE_NAVIGATION: readonly NavEntry[] = [
  { to: '/', label: 'Beranda' },
  { to: '/pages', label: 'Tentang Desa' },
  { to: '/aparaturs', label: 'Aparaturs' },
  { to: '/posts', label: 'Berita', paths: ['/posts', '/berita'] },
  { to: '/products', label: 'Produk Desa' },
  { to: '/photos', label: 'Galeri' },
  { to: '/agenda', label: 'Agenda' },
  {
    id: 'transparansi',
    label: 'Transparansi',
    items: [
      { to: '/apbdes', label: 'APBDes' },
      { to: '/pembangunan', label: 'Pembangunan' },
    ],
  },
  {
    id: 'informasi',
    label: 'Informasi',
    items: [
      { to: '/pengumuman', label: 'Pengumuman' },
      { to: '/statistik', label: 'Statistik Desa' },
      { to: '/dokumen', label: 'Dokumen' },
      { to: '/ppid', label: 'PPID' },
    ],
  },
  {
    id: 'layanan',
    label: 'Layanan',
    items: [
      { to: '/layanan', label: 'Layanan Pengaduan', exact: true },
      { to: '/layanan/lacak', label: 'Lacak Laporan' },
    ],
  },
  { to: '/cari', label: 'Pencarian' },
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
