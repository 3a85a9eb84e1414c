import { formatNumber } from '~/lib/format'
import type { DatasetRow } from '~/lib/statistics-table'

/**
 * A dataset's figures as a table (the chart's numbers for screen readers and printouts too): the label column, one
 * column per series, and a last row `Jumlah` with each column's total.
 */
export function DatasetTable({
  caption,
  labelColumn,
  columns,
  rows,
  totals,
}: {
  caption: string
  labelColumn: string
  columns: string[]
  rows: DatasetRow[]
  totals: number[]
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="px-4 pt-3 text-left text-sm text-gray-600">{caption}</caption>
        <thead className="bg-gray-50 text-left text-gray-700">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              {labelColumn}
            </th>
            {columns.map((column, at) => (
              <th key={at} scope="col" className="px-4 py-2 text-right font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row, index) => (
            <tr key={index}>
              <th scope="row" className="px-4 py-2 text-left font-normal text-gray-800">
                {row.label}
              </th>
              {row.values.map((value, at) => (
                <td key={at} className="px-4 py-2 text-right tabular-nums text-gray-800">
                  {formatNumber(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-gray-300 bg-gray-50">
          <tr>
            <th scope="row" className="px-4 py-2 text-left font-semibold text-gray-900">
              Jumlah
            </th>
            {totals.map((total, at) => (
              <td key={at} className="px-4 py-2 text-right font-semibold tabular-nums text-gray-900">
                {formatNumber(total)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
