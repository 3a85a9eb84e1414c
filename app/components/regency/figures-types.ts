/** The figures as the console's screens receive them (app/models/regency/regency-figures.server.ts). */
export type FigureRowView = {
  apbdes: { year: number; pendapatan: number; belanja: number; realisasi_belanja_pct: number | null } | null
  developments: { count: number; avg_progress: number | null }
  reports: { open: number; on_time_pct: number | null }
  letters: { pending: number; issued_30d: number }
  ppid: { dip_entries: number; on_time_pct: number | null }
}

export type FiguresView = {
  villages: (FigureRowView & { slug: string; name: string; kecamatan: string; kode_wilayah: string | null })[]
  kecamatan: (FigureRowView & { kecamatan: string; villages: number })[]
  total: FigureRowView & { villages: number }
}
