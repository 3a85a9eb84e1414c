import { Link } from '@remix-run/react'

export type DashboardCounts = {
  categories_count: number
  posts_count: number
  products_count: number
  aparaturs_count: number
  /** Citizens' reports that are Baru or Diproses (docs/api.md "Citizen reports"). */
  open_reports: number
  /** Letter requests that are Diajukan or Diproses (docs/api.md "Letters"). */
  pending_letters: number
  upcoming_events_count: number
  showing_announcements_count: number
  statistics_count: number
  /** The newest published APBDes year, or null. */
  budget_year: number | null
  /** Development projects under way (Berjalan). */
  running_developments: number
  withoutAlt: number
}

/** "{count} {text}" and the link to the desk where they wait; nothing while none waits. */
function Waiting({ count, text, to, children }: { count: number; text: string; to: string; children: string }) {
  if (!(count > 0)) return null
  return (
    <p role="status" className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      {`${count} ${text}`}{' '}
      <Link to={to} className="font-medium underline">
        {children}
      </Link>
    </p>
  )
}

/**
 * The dashboard: the four counts of the contract, those of the village information (reports waiting, the newest
 * budget year, projects under way, upcoming events, announcements showing now, datasets), and how many images still
 * lack an alt text.
 */
export function DashboardScreen(counts: DashboardCounts) {
  const cards = [
    { label: 'Categories', count: counts.categories_count, to: '/admin/categories' },
    { label: 'Posts', count: counts.posts_count, to: '/admin/posts' },
    { label: 'Products', count: counts.products_count, to: '/admin/products' },
    { label: 'Aparaturs', count: counts.aparaturs_count, to: '/admin/aparaturs' },
    { label: 'Agenda Mendatang', count: counts.upcoming_events_count, to: '/admin/events' },
    { label: 'Pengumuman Tayang', count: counts.showing_announcements_count, to: '/admin/announcements' },
    { label: 'Statistik', count: counts.statistics_count, to: '/admin/statistics' },
    { label: 'APBDes', count: counts.budget_year ?? '-', to: '/admin/budgets' },
    { label: 'Pembangunan Berjalan', count: counts.running_developments, to: '/admin/developments' },
  ]
  return (
    <section className="space-y-6">
      <h1 className="text-xl font-semibold text-gray-900">Dashboard</h1>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <li
            key={card.label}
            aria-label={card.label}
            className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
          >
            <p className="text-sm font-medium text-gray-500">{card.label}</p>
            <p className="mt-2 text-3xl font-bold text-gray-900">{card.count}</p>
            <Link to={card.to} className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
              See detail →
            </Link>
          </li>
        ))}
      </ul>
      <Waiting count={counts.open_reports} text="laporan warga menunggu tanggapan." to="/admin/reports">
        Buka Laporan Warga
      </Waiting>
      <Waiting count={counts.pending_letters} text="permohonan surat menunggu diproses." to="/admin/letter-requests">
        Buka Permohonan Surat
      </Waiting>
      {counts.withoutAlt > 0 ? (
        <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {`${counts.withoutAlt} gambar belum punya teks alternatif.`} Isi kolom “Teks Alternatif Gambar” agar pembaca
          layar dapat menjelaskan gambarnya.
        </p>
      ) : (
        <p className="text-sm text-gray-600">Semua gambar sudah punya teks alternatif.</p>
      )}
    </section>
  )
}
