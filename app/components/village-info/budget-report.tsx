import { Link } from '@remix-run/react'
import {
  BUDGET_TYPE_LABELS,
  BUDGET_TYPES,
  type BudgetGroup,
  type BudgetTotals,
  type BudgetType,
  type Figure,
} from '~/lib/budget-totals'
import { formatPercent, formatRupiah } from '~/lib/format'
import { escapeXml } from '~/lib/xml'
import { BarChart } from './chart'
import { PreviewBanner } from '~/components/content/preview-banner'
import { Icon } from '~/components/shared/icon'

/** What the budget screens show of a year (app/doors/village-info/transparency.server.ts, the model's public budget). */
export type BudgetReportData = {
  id: number
  year: number
  regulation_number: string
  published_at: string | Date | null
  items: { id: number; type: string; group: string; name: string; amount: number; realized: number }[]
  totals: BudgetTotals
  groups: BudgetGroup[]
}

const groupLabel = (group: { type: BudgetType; group: string }) => group.group || BUDGET_TYPE_LABELS[group.type]

/** The four cards: Pendapatan, Belanja, Pembiayaan (net financing) and Surplus/Defisit, budget and realisation. */
function Cards({ totals }: { totals: BudgetTotals }) {
  // A difference (net financing, surplus) has no realisation percentage.
  const cards: { title: string; figure: Figure; share?: true; note?: string }[] = [
    { title: 'Pendapatan', figure: totals.pendapatan, share: true },
    { title: 'Belanja', figure: totals.belanja, share: true },
    { title: 'Pembiayaan', figure: totals.pembiayaan_netto, note: 'Penerimaan dikurangi pengeluaran pembiayaan' },
    {
      title: 'Surplus/Defisit',
      figure: totals.surplus,
      note: totals.surplus.amount < 0 ? 'Defisit: belanja melebihi pendapatan' : 'Pendapatan dikurangi belanja',
    },
  ]
  return (
    <ul
      aria-label="Ringkasan APBDes"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4 print:grid-cols-4"
    >
      {cards.map(({ title, figure, share, note }) => (
        <li key={title} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm print:shadow-none">
          <h2 className="text-sm font-semibold text-gray-600">{title}</h2>
          <p className="mt-1 break-words text-xl font-bold tabular-nums text-gray-900">{formatRupiah(figure.amount)}</p>
          <p className="mt-1 text-sm text-gray-600">
            Realisasi <span className="tabular-nums">{formatRupiah(figure.realized)}</span>
            {share ? <span> ({formatPercent(figure.realized, figure.amount)})</span> : null}
          </p>
          {note ? <p className="mt-1 text-xs text-gray-500">{note}</p> : null}
        </li>
      ))}
    </ul>
  )
}

/** A row of the table: its look (app/styles/transparansi.css), its name and its figures, already written out. */
type TableRow = { look: 'type-row' | 'group-row' | 'line-row' | 'sum-row'; name: string; cells: string[] }

/** Budget, realisation and, where `share`, the realisation's percentage of the budget. */
const figureCells = (figure: Figure, share = true) => [
  formatRupiah(figure.amount),
  formatRupiah(figure.realized),
  ...(share ? [formatPercent(figure.realized, figure.amount)] : []),
]

/**
 * What the table and the chart show of a year, written out once per budget object: the public read memo hands every
 * request of a data version the same object (app/models/site/public-catalog.server.ts), so the figures are formatted once,
 * not on every visit (a year has hundreds of them).
 */
const views = new WeakMap<BudgetReportData, ReturnType<typeof makeView>>()
const viewOf = (budget: BudgetReportData) => {
  let view = views.get(budget)
  if (!view) views.set(budget, (view = makeView(budget)))
  return view
}

function makeView(budget: BudgetReportData) {
  const { totals } = budget
  const sections = BUDGET_TYPES.flatMap((type) => {
    const groups = budget.groups.filter((group) => group.type === type)
    if (!groups.length) return []
    const rows: TableRow[] = [{ look: 'type-row', name: BUDGET_TYPE_LABELS[type], cells: [] }]
    for (const group of groups) {
      rows.push({ look: 'group-row', name: groupLabel(group), cells: figureCells(group) })
      for (const line of budget.items)
        if (line.type === type && line.group === group.group)
          rows.push({ look: 'line-row', name: line.name, cells: figureCells(line, false) })
    }
    rows.push({
      look: 'sum-row',
      name: `Jumlah ${BUDGET_TYPE_LABELS[type]}`,
      cells: figureCells(totals[type]),
    })
    return [{ type, html: rows.map(rowHtml).join('') }]
  })
  // A difference (surplus, net financing, SiLPA) has no percentage.
  const results: TableRow[] = (
    [
      ['Surplus/(Defisit)', totals.surplus],
      ['Pembiayaan Netto', totals.pembiayaan_netto],
      ['Sisa Lebih Pembiayaan Anggaran (SiLPA)', totals.silpa],
    ] as const
  ).map(([name, figure]) => ({ look: 'sum-row', name, cells: figureCells(figure, false) }))
  const resultsHtml = results.map(rowHtml).join('')
  const chart = budget.groups.map((group) => ({
    label: `${groupLabel(group)} (${formatPercent(group.realized, group.amount)})`,
    values: [group.amount, group.realized],
  }))
  return { sections, resultsHtml, chart }
}

/**
 * A row of the table as HTML text: a year has hundreds of cells that never change while its budget object lives, so
 * they are written out once per budget (with the view) and set as each body's HTML, rather than made into React
 * elements on every visit. Names and figures are escaped; the client writes the same text, so hydration keeps it.
 */
const rowHtml = (row: TableRow) =>
  `<tr role="row" class="${row.look}"><th role="rowheader" scope="${row.look === 'type-row' ? 'colgroup' : 'row'}"${
    row.cells.length ? '' : ' colspan="4"'
  }>${escapeXml(row.name)}</th>${row.cells.map((cell) => `<td role="cell">${escapeXml(cell)}</td>`).join('')}</tr>`

/**
 * The lines of the year, per type and group: each group's row with its sums and realisation percentage, its lines
 * under it (in their stored order), each type's total, then the surplus, the net financing and the SiLPA. Its look is
 * the `budget-table` of app/styles/transparansi.css, once for the table rather than on each of its cells: on a phone
 * each row is a grid, the name across the width and its figures under it; the roles keep it a table for screen
 * readers whatever the display.
 */
function LinesTable({ budget }: { budget: BudgetReportData }) {
  const { sections, resultsHtml } = viewOf(budget)
  return (
    <div
      role="region"
      aria-label={`Tabel rincian APBDes ${budget.year}`}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-gray-200 bg-white print:overflow-visible print:border-0"
    >
      <table role="table" className="budget-table">
        <caption className="sr-only">
          {`Rincian APBDes ${budget.year}: anggaran, realisasi dan persentase realisasi tiap kelompok`}
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">
              Uraian
            </th>
            <th role="columnheader" scope="col">
              Anggaran
            </th>
            <th role="columnheader" scope="col">
              Realisasi
            </th>
            <th role="columnheader" scope="col">
              %
            </th>
          </tr>
        </thead>
        {sections.map((section) => (
          <tbody role="rowgroup" key={section.type} dangerouslySetInnerHTML={{ __html: section.html }} />
        ))}
        <tbody role="rowgroup" className="result-rows" dangerouslySetInnerHTML={{ __html: resultsHtml }} />
      </table>
    </div>
  )
}

/**
 * A year's budget as villagers read it (docs/api.md "Budget (APBDes)"): heading `APBDes {year}`, the cards, a chart
 * of budget against realisation per group with the percentage (its figures are the group rows of the table), the
 * table of lines, `Unduh CSV`, and links to the other published years. Readable on a phone; printed on A4 by the
 * print style sheet of its routes (app/styles/transparansi.css).
 */
export function BudgetReport({
  budget,
  preview,
  years,
  siteName,
}: {
  budget: BudgetReportData
  preview: 'draft' | 'scheduled' | null
  years: number[]
  siteName: string
}) {
  const others = years.filter((year) => year !== budget.year)
  return (
    <article className="mx-auto max-w-5xl px-4 py-8 print:max-w-none print:px-0 print:py-0">
      <div className="print:hidden">
        <PreviewBanner state={preview} item={budget} resource="budgets" />
      </div>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">Transparansi Anggaran</p>
          <h1 className="mt-1 text-3xl font-bold text-gray-900">{`APBDes ${budget.year}`}</h1>
          <p className="mt-1 text-gray-600">
            Anggaran Pendapatan dan Belanja {siteName}
            {budget.regulation_number ? ` (${budget.regulation_number})` : ''}
          </p>
        </div>
        <a
          href={`/apbdes/${budget.year}.csv`}
          download
          className={
            'inline-flex items-center justify-center gap-2 self-start rounded-lg bg-emerald-700 px-4 py-2 text-sm ' +
            'font-semibold text-white hover:bg-emerald-800 sm:self-auto print:hidden'
          }
        >
          <Icon name="download" className="h-4 w-4" />
          Unduh CSV
        </a>
      </header>
      <div className="mt-6">
        <Cards totals={budget.totals} />
      </div>
      <section aria-labelledby="grafik" className="mt-10 break-inside-avoid">
        <h2 id="grafik" className="text-xl font-bold text-gray-900">
          Anggaran dan Realisasi per Kelompok
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Persentase realisasi tiap kelompok di belakang namanya; angka lengkapnya ada pada tabel di bawah.
        </p>
        <div className="mt-4 rounded-xl border border-gray-200 bg-white p-4 print:border-0 print:p-0">
          <BarChart
            title={`Anggaran dan realisasi APBDes ${budget.year} per kelompok`}
            series={['Anggaran', 'Realisasi']}
            rows={viewOf(budget).chart}
            format={formatRupiah}
          />
        </div>
      </section>
      <section aria-labelledby="rincian" className="mt-10">
        <h2 id="rincian" className="mb-3 text-xl font-bold text-gray-900">
          {`Rincian APBDes ${budget.year}`}
        </h2>
        <LinesTable budget={budget} />
      </section>
      {others.length ? (
        <nav aria-label="APBDes tahun lain" className="mt-10 print:hidden">
          <h2 className="text-base font-semibold text-gray-900">APBDes tahun lain</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {others.map((year) => (
              <li key={year}>
                <Link
                  to={`/apbdes/${year}`}
                  className={
                    'inline-flex rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium ' +
                    'text-emerald-800 hover:bg-emerald-50'
                  }
                >
                  {`APBDes ${year}`}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  )
}

/** `/apbdes` while no year is published. */
export function NoBudget() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-gray-900">APBDes</h1>
      <p role="status" className="mt-4 text-gray-600">
        Belum ada APBDes yang diterbitkan.
      </p>
    </div>
  )
}

/** The home page's `Transparansi APBDes {year}`: Pendapatan, Belanja and Pembiayaan of the newest published year. */
export function HomeBudget({
  budget,
}: {
  budget: { year: number; pendapatan: number; belanja: number; pembiayaan: number }
}) {
  const figures = [
    ['Pendapatan', budget.pendapatan],
    ['Belanja', budget.belanja],
    ['Pembiayaan', budget.pembiayaan],
  ] as const
  return (
    <section aria-labelledby="transparansi" className="bg-emerald-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="transparansi" className="text-2xl font-bold md:text-3xl">
              {`Transparansi APBDes ${budget.year}`}
            </h2>
            <p className="mt-1 text-emerald-100">Anggaran desa yang terbuka untuk seluruh warga.</p>
          </div>
          <Link to={`/apbdes/${budget.year}`} className="font-semibold text-amber-200 hover:text-white hover:underline">
            Lihat Rincian APBDes <span aria-hidden="true">→</span>
          </Link>
        </div>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {figures.map(([label, amount]) => (
            <li key={label} className="rounded-xl bg-white/10 p-5">
              <p className="text-sm font-semibold text-emerald-100">{label}</p>
              <p className="mt-1 break-words text-2xl font-bold tabular-nums">{formatRupiah(amount)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
