import type { FigureRowView, FiguresView } from './figures-types'
import { HeadedSection } from '~/components/shared/headed-section'
import { ColumnHeads } from '~/components/shared/list-table'
import { ScreenHead } from '~/components/shared/screen-head'

/**
 * The console's `Ringkasan` (docs/api.md "The regency's data"): the figures per kecamatan and per village as tables,
 * each chart drawn by the server as inline SVG with the table beside it, and the CSV of the villages' rows.
 */

const rupiah = (value: number) => `Rp ${value.toLocaleString('id-ID')}`
const pct = (value: number | null | undefined) => (value === null || value === undefined ? '-' : `${value}%`)

/** Horizontal bars of a percentage (0 to 100) per row, with the value written beside each bar. */
function PercentBars({ title, rows }: { title: string; rows: { label: string; value: number | null }[] }) {
  const barHeight = 22
  const height = rows.length * (barHeight + 8) + 8
  const labelWidth = 180
  const width = 520
  return (
    <figure className="overflow-x-auto">
      <svg
        role="img"
        aria-label={title}
        viewBox={`0 0 ${width} ${Math.max(height, 30)}`}
        className="h-auto w-full max-w-2xl"
        xmlns="http://www.w3.org/2000/svg"
      >
        <title>{title}</title>
        {rows.map((row, at) => {
          const y = 8 + at * (barHeight + 8)
          const length = ((width - labelWidth - 60) * Math.min(Math.max(row.value ?? 0, 0), 100)) / 100
          return (
            <g key={row.label}>
              <text x={labelWidth - 8} y={y + barHeight / 2 + 4} textAnchor="end" fontSize="12" fill="#374151">
                {row.label.length > 26 ? `${row.label.slice(0, 25)}…` : row.label}
              </text>
              <rect x={labelWidth} y={y} width={width - labelWidth - 60} height={barHeight} fill="#f3f4f6" />
              <rect x={labelWidth} y={y} width={length} height={barHeight} fill="#047857" />
              <text x={labelWidth + length + 6} y={y + barHeight / 2 + 4} fontSize="12" fill="#111827">
                {pct(row.value)}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption className="mt-1 text-sm text-gray-600">{title}</figcaption>
    </figure>
  )
}

/** A row's first cells: the first names the row (`<th scope="row">`, in the `name` look), the others are text. */
function NamedCells({ cells, name }: { cells: string[]; name: string }) {
  return cells.map((cell, at) =>
    at === 0 ? (
      <th key={at} scope="row" className={`px-3 py-2 text-left text-sm ${name}`}>
        {cell}
      </th>
    ) : (
      <td key={at} className="px-3 py-2 text-sm text-gray-700">
        {cell}
      </td>
    ),
  )
}

function FigureCells({ row }: { row: FigureRowView }) {
  const cell = 'px-3 py-2 text-right text-sm text-gray-700 whitespace-nowrap'
  return (
    <>
      <td className={cell}>{row.apbdes ? row.apbdes.year : '-'}</td>
      <td className={cell}>{row.apbdes ? rupiah(row.apbdes.pendapatan) : '-'}</td>
      <td className={cell}>{row.apbdes ? rupiah(row.apbdes.belanja) : '-'}</td>
      <td className={cell}>{pct(row.apbdes?.realisasi_belanja_pct)}</td>
      <td className={cell}>{row.developments.count}</td>
      <td className={cell}>{pct(row.developments.avg_progress)}</td>
      <td className={cell}>{row.reports.open}</td>
      <td className={cell}>{pct(row.reports.on_time_pct)}</td>
      <td className={cell}>{row.letters.pending}</td>
      <td className={cell}>{row.letters.issued_30d}</td>
      <td className={cell}>{row.ppid.dip_entries}</td>
      <td className={cell}>{pct(row.ppid.on_time_pct)}</td>
    </>
  )
}

const FIGURE_HEADERS = [
  'Tahun APBDes',
  'Pendapatan',
  'Belanja',
  'Realisasi belanja',
  'Proyek',
  'Rata-rata progres',
  'Laporan terbuka',
  'Laporan tepat waktu',
  'Surat menunggu',
  'Surat terbit 30 hari',
  'Entri DIP',
  'Informasi tepat waktu',
]

function FigureTable({
  label,
  first,
  rows,
  total,
}: {
  label: string
  first: string[]
  rows: { key: string; cells: string[]; figures: FigureRowView }[]
  total?: { cells: string[]; figures: FigureRowView }
}) {
  const head = 'px-3 py-2 text-left text-xs font-semibold uppercase text-gray-600'
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-gray-200 bg-white"
    >
      <table className="min-w-full">
        <thead className="bg-gray-50">
          <tr>
            <ColumnHeads headers={[...first, ...FIGURE_HEADERS]} className={head} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-gray-100">
              <NamedCells cells={row.cells} name="font-medium text-gray-900" />
              <FigureCells row={row.figures} />
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold">
            <tr>
              <NamedCells cells={total.cells} name="text-gray-900" />
              <FigureCells row={total.figures} />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  )
}

export function RegencySummaryScreen({
  figures,
  year,
  camat,
}: {
  figures: FiguresView
  year: number | null
  camat: string | null
}) {
  const csv = `/admin/desa/ringkasan.csv${year ? `?year=${year}` : ''}`
  return (
    <section className="space-y-6">
      <ScreenHead
        title="Ringkasan"
        align="end"
        intro={
          <>
            Angka setiap desa{camat !== null ? ` di Kecamatan ${camat}` : ''}, dihitung dari data desa itu sendiri;
            jumlah per kecamatan dihitung ulang dari jumlah rupiahnya. APBDes:{' '}
            {year ? `tahun ${year}` : 'tahun terbaru setiap desa'}.
          </>
        }
      >
        <div className="flex flex-wrap items-end gap-2">
          <form method="get" className="flex items-end gap-2">
            <label className="text-sm text-gray-700">
              <span className="block">Tahun APBDes</span>
              <input
                type="number"
                name="year"
                min={2000}
                max={2100}
                defaultValue={year ?? ''}
                className="w-28 rounded-lg border border-gray-300 px-2 py-1.5 text-sm"
              />
            </label>
            <button
              type="submit"
              className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium"
            >
              Tampilkan
            </button>
          </form>
          <a
            href={csv}
            download
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Unduh CSV
          </a>
        </div>
      </ScreenHead>
      <HeadedSection id="per-kecamatan" title="Per Kecamatan" className="space-y-3">
        <PercentBars
          title="Realisasi belanja per kecamatan"
          rows={figures.kecamatan.map((row) => ({
            label: row.kecamatan || 'Tanpa kecamatan',
            value: row.apbdes?.realisasi_belanja_pct ?? null,
          }))}
        />
        <FigureTable
          label="Angka per kecamatan"
          first={['Kecamatan', 'Desa']}
          rows={figures.kecamatan.map((row) => ({
            key: row.kecamatan,
            cells: [row.kecamatan || 'Tanpa kecamatan', String(row.villages)],
            figures: row,
          }))}
          total={{ cells: ['Jumlah', String(figures.total.villages)], figures: figures.total }}
        />
      </HeadedSection>
      <HeadedSection id="per-desa" title="Per Desa" className="space-y-3">
        <PercentBars
          title="Laporan warga dijawab tepat waktu per desa"
          rows={figures.villages.map((row) => ({ label: row.name, value: row.reports.on_time_pct }))}
        />
        <FigureTable
          label="Angka per desa"
          first={['Desa', 'Kecamatan', 'Kode Wilayah']}
          rows={figures.villages.map((row) => ({
            key: row.slug,
            cells: [row.name, row.kecamatan || '-', row.kode_wilayah ?? '-'],
            figures: row,
          }))}
        />
      </HeadedSection>
    </section>
  )
}
