import { useId, useState } from 'react'
import { MAX_COLUMNS, MAX_ROWS, parsePastedTable, type DatasetRow } from '~/lib/statistics-table'
import type { Row } from '~/resources/resource'
import { errorFor, FieldError, type FieldErrors } from '~/components/shared/form'

const cellClass =
  'block w-full min-w-20 rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30'
const smallButton =
  'rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm ' +
  'font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50'

type EditedRow = { key: number; label: string; values: string[] }

/** A cell's text as a number where it is one (a decimal comma too); as it is otherwise, for the server to refuse. */
function figure(text: string): number | string {
  const value = text.trim().replace(/\s/g, '')
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value)
  if (/^-?\d+,\d+$/.test(value)) return Number(value.replace(',', '.'))
  return text
}

/**
 * The table of a statistics dataset (docs/api.md "Village statistics"): the label column's name, 1 to 6 column names,
 * up to 200 rows of a label and one number per column, with buttons to add and remove columns and rows; nobody types
 * JSON. The table is sent as `columns` and `rows` (JSON in hidden fields). "Tempel CSV" takes the table as pasted
 * text instead (what a spreadsheet copies, or a CSV file's text: the first line names the label column and then the
 * columns): "Terapkan ke Tabel" puts it into the table here; left in the box, it replaces the table when saved.
 */
export function StatisticsEditor({ record, errors }: { record: Row | null; errors: FieldErrors }) {
  const id = useId()
  const [labelColumn, setLabelColumn] = useState(String(record?.label_column ?? 'Kategori'))
  const [columns, setColumns] = useState<string[]>(() =>
    Array.isArray(record?.columns) && record.columns.length ? (record.columns as string[]) : ['Jumlah'],
  )
  const [rows, setRows] = useState<EditedRow[]>(() =>
    Array.isArray(record?.rows) && record.rows.length
      ? (record.rows as DatasetRow[]).map((row, key) => ({ key, label: row.label, values: row.values.map(String) }))
      : [{ key: 0, label: '', values: [''] }],
  )
  const [pasted, setPasted] = useState('')
  const [pasteError, setPasteError] = useState<string | undefined>()
  const tableError = errorFor(errors, 'Columns', 'Rows', 'Label_column')
  const csvError = errorFor(errors, 'Csv')

  const setColumn = (at: number, name: string) => setColumns(columns.map((column, i) => (i === at ? name : column)))
  const addColumn = () => {
    setColumns([...columns, ''])
    setRows(rows.map((row) => ({ ...row, values: [...row.values, ''] })))
  }
  const removeColumn = (at: number) => {
    setColumns(columns.filter((_, i) => i !== at))
    setRows(rows.map((row) => ({ ...row, values: row.values.filter((_, i) => i !== at) })))
  }
  const setRow = (key: number, change: Partial<EditedRow>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...change } : row)))
  // A new row's key: one past the largest (React tells the rows apart by it when one is removed).
  const nextKey = () => Math.max(-1, ...rows.map((row) => row.key)) + 1
  const addRow = () => setRows([...rows, { key: nextKey(), label: '', values: columns.map(() => '') }])
  const removeRow = (key: number) => setRows(rows.filter((row) => row.key !== key))

  function applyPasted() {
    const result = parsePastedTable(pasted)
    if (result.errors) {
      setPasteError(result.errors.Columns ?? result.errors.Rows)
      return
    }
    setPasteError(undefined)
    if (result.table.labelColumn) setLabelColumn(result.table.labelColumn)
    setColumns(result.table.columns)
    const first = nextKey()
    setRows(result.table.rows.map((row, at) => ({ key: first + at, label: row.label, values: row.values.map(String) })))
    setPasted('')
  }

  const columnName = (at: number) => columns[at]?.trim() || `Kolom ${at + 1}`
  return (
    <fieldset
      className="space-y-4 rounded-lg border border-gray-200 p-4"
      aria-describedby={tableError ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium text-gray-700">Tabel Data</legend>
      <input type="hidden" name="columns" value={JSON.stringify(columns)} />
      <input
        type="hidden"
        name="rows"
        value={JSON.stringify(rows.map((row) => ({ label: row.label, values: row.values.map(figure) })))}
      />
      <div>
        <label htmlFor={`${id}-label`} className="mb-1 block text-sm font-medium text-gray-700">
          Nama Kolom Label
        </label>
        <input
          id={`${id}-label`}
          name="label_column"
          value={labelColumn}
          onChange={(event) => setLabelColumn(event.target.value)}
          className={`${cellClass} max-w-xs`}
        />
      </div>
      <div className="overflow-x-auto">
        <table className="min-w-full border-separate border-spacing-1 text-sm">
          <caption className="sr-only">Isi tabel: satu baris per kategori, satu angka per kolom</caption>
          <thead>
            <tr>
              <th scope="col" className="text-left font-medium text-gray-700">
                {labelColumn || 'Label'}
              </th>
              {columns.map((column, at) => (
                <th key={at} scope="col" className="text-left font-medium text-gray-700">
                  <div className="flex items-center gap-1">
                    <input
                      aria-label={`Nama kolom ${at + 1}`}
                      value={column}
                      onChange={(event) => setColumn(at, event.target.value)}
                      className={cellClass}
                    />
                    {columns.length > 1 ? (
                      <button
                        type="button"
                        onClick={() => removeColumn(at)}
                        className="rounded p-1 text-gray-500 hover:bg-red-50 hover:text-red-700"
                        aria-label={`Hapus kolom ${columnName(at)}`}
                      >
                        ×
                      </button>
                    ) : null}
                  </div>
                </th>
              ))}
              <td />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.key}>
                <td>
                  <input
                    aria-label={`Label baris ${index + 1}`}
                    value={row.label}
                    onChange={(event) => setRow(row.key, { label: event.target.value })}
                    className={cellClass}
                  />
                </td>
                {row.values.map((value, at) => (
                  <td key={at}>
                    <input
                      aria-label={`${columnName(at)} baris ${index + 1}`}
                      inputMode="decimal"
                      value={value}
                      onChange={(event) =>
                        setRow(row.key, { values: row.values.map((old, i) => (i === at ? event.target.value : old)) })
                      }
                      className={`${cellClass} text-right`}
                    />
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    onClick={() => removeRow(row.key)}
                    disabled={rows.length === 1}
                    className={
                      'rounded px-2 py-1 text-sm text-gray-500 ' +
                      'hover:bg-red-50 hover:text-red-700 disabled:opacity-40'
                    }
                    aria-label={`Hapus baris ${index + 1}`}
                  >
                    Hapus
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={addRow} disabled={rows.length >= MAX_ROWS} className={smallButton}>
          Tambah Baris
        </button>
        <button type="button" onClick={addColumn} disabled={columns.length >= MAX_COLUMNS} className={smallButton}>
          Tambah Kolom
        </button>
      </div>
      <FieldError id={`${id}-error`} message={tableError} />
      <div>
        <label htmlFor={`${id}-csv`} className="mb-1 block text-sm font-medium text-gray-700">
          Tempel CSV
        </label>
        <textarea
          id={`${id}-csv`}
          name="csv"
          rows={5}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          aria-describedby={`${id}-csv-help`}
          aria-invalid={!!(csvError || pasteError)}
          placeholder={'Kelompok Umur,Laki-laki,Perempuan\n0-4,120,115\n5-9,130,128'}
          className={`${cellClass} font-mono`}
        />
        <p id={`${id}-csv-help`} className="mt-1 text-xs text-gray-500">
          Baris pertama: nama kolom label lalu nama-nama kolom; baris berikutnya: label lalu satu angka per kolom
          (dipisah koma, titik koma atau tab seperti salinan dari spreadsheet). Bila diisi, tabel di atas diganti isi
          ini saat disimpan.
        </p>
        <FieldError id={`${id}-csv-error`} message={csvError ?? pasteError} />
        <button type="button" onClick={applyPasted} disabled={!pasted.trim()} className={`${smallButton} mt-2`}>
          Terapkan ke Tabel
        </button>
      </div>
    </fieldset>
  )
}
