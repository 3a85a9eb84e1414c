import { Link } from '@remix-run/react'
import { useId, useRef, useState, type ClipboardEvent, type ReactNode } from 'react'
import {
  amountText,
  BIDANG,
  BUDGET_TYPE_LABELS,
  BUDGET_TYPES,
  budgetTotals,
  parseAmountText,
  parsePastedLines,
  type TypedLine,
} from '~/lib/budget-totals'
import { formatRupiah } from '~/lib/format'
import { FieldError, labelled, Options } from '~/components/shared/form'
import { useCan } from '~/components/accounts/admin-session'

type Row = TypedLine & { key: number }

const cell = 'border-t border-gray-100 px-1.5 py-1.5 align-top'
const input =
  'block w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm focus:border-brand-500 ' +
  'focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500'
const smallButton =
  'inline-flex h-8 w-8 items-center justify-center rounded-md border border-gray-300 bg-white text-gray-700 ' +
  'hover:bg-gray-50 disabled:opacity-40'

const TYPE_CHOICES = labelled(BUDGET_TYPES, BUDGET_TYPE_LABELS)

/** A column header of the lines' table. */
function Th({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <th scope="col" className={`${className} px-1.5 py-2`.trim()}>
      {children}
    </th>
  )
}

/** The lines as stored (numbers) become the text of the boxes: `1.250.000.000`. */
function typedLines(lines: unknown): TypedLine[] {
  if (!Array.isArray(lines)) return []
  return lines.map((line: Record<string, unknown>) => ({
    type: String(line.type ?? ''),
    group: String(line.group ?? ''),
    name: String(line.name ?? ''),
    amount: typeof line.amount === 'number' ? amountText(line.amount) : String(line.amount ?? ''),
    realized:
      typeof line.realized === 'number'
        ? line.realized
          ? amountText(line.realized)
          : ''
        : String(line.realized ?? ''),
  }))
}

const emptyLine = (type = 'pendapatan'): TypedLine => ({ type, group: '', name: '', amount: '', realized: '' })

/** The line a `Line 3: ...` message of the server names (0-based), or -1. */
const lineOfError = (error: string | undefined) => {
  const match = /^Line (\d+):/.exec(error ?? '')
  return match ? Number(match[1]) - 1 : -1
}

/**
 * The lines of a budget (docs/api.md "Screens of the new kinds"): one row per line with `Jenis`, `Kelompok`, `Uraian`,
 * `Anggaran (Rp)` and `Realisasi (Rp)`, moved up or down or removed, `Tambah Baris` for a new one. Amounts are typed
 * as people write them (`1.250.000.000` or `1250000000`); the totals below follow as they type
 * (app/lib/budget-totals.ts, the code the server sums with). Rows pasted from a spreadsheet (tab-separated: type,
 * group, name, amount, realized), into a box or into any cell, become lines. The rows are sent as repeated fields
 * `items.type`, `items.group`..., which the door turns into the API's `items` (resource.ts linesOfForm).
 */
export function BudgetLinesField({
  name,
  label,
  lines,
  error,
  recordId,
  copiedFrom,
}: {
  name: string
  label: string
  lines: unknown
  error?: string
  /** The budget being edited: offers to copy it into the next year. */
  recordId?: number
  /** The year a new budget was copied from. */
  copiedFrom?: number
}) {
  const id = useId()
  const can = useCan()
  const [rows, setRows] = useState<Row[]>(() => typedLines(lines).map((line, key) => ({ ...line, key })))
  // Rows made later get keys after the first ones' (used in event handlers only).
  const next = useRef(Array.isArray(lines) ? lines.length : 0)
  const keyed = (line: TypedLine): Row => ({ ...line, key: next.current++ })
  const [pasted, setPasted] = useState('')
  const wrongLine = lineOfError(error)

  const change = (index: number, field: keyof TypedLine, value: string) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)))
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const moved = [...current]
      ;[moved[index], moved[index + by]] = [moved[index + by], moved[index]]
      return moved
    })
  const remove = (index: number) => setRows((current) => current.filter((_, at) => at !== index))
  const add = () => setRows((current) => [...current, keyed(emptyLine(current.at(-1)?.type || undefined))])
  /** Pasted lines replace an empty row they were pasted into, or come after the row. */
  const insert = (lines: TypedLine[], after: number) =>
    setRows((current) => {
      const blank =
        after >= 0 && Object.entries(current[after]).every(([key, value]) => key === 'key' || key === 'type' || !value)
      const at = blank ? after : after + 1
      return [...current.slice(0, at), ...lines.map(keyed), ...current.slice(blank ? after + 1 : at)]
    })
  const onCellPaste = (event: ClipboardEvent<HTMLElement>, index: number) => {
    const text = event.clipboardData.getData('text/plain')
    if (!/[\t\n]/.test(text.trim())) return
    event.preventDefault()
    insert(parsePastedLines(text), index)
  }
  const pasteFromBox = () => {
    const lines = parsePastedLines(pasted)
    if (!lines.length) return
    insert(lines, rows.length - 1)
    setPasted('')
  }
  /** A valid amount is shown again with its dots once the box is left. */
  const tidy = (index: number, field: 'amount' | 'realized') => {
    const value = parseAmountText(rows[index][field])
    if (value !== null) change(index, field, amountText(value))
  }

  const totals = budgetTotals(
    rows.map((row) => ({
      type: row.type,
      amount: parseAmountText(row.amount) ?? 0,
      realized: parseAmountText(row.realized) ?? 0,
    })),
  )
  const wrongAmount = (text: string) => text.trim() !== '' && parseAmountText(text) === null

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-gray-700">{label}</legend>
      {copiedFrom ? (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          Disalin dari APBDes {copiedFrom}: periksa tahun dan angkanya, realisasi dimulai dari nol.
        </p>
      ) : null}
      {recordId && can('budgets-create') ? (
        <p className="text-sm">
          <Link
            to={`/admin/budgets/create?copy=${recordId}`}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Salin ke tahun berikutnya
          </Link>
        </p>
      ) : null}
      <datalist id={`${id}-bidang`}>
        {BIDANG.map((bidang) => (
          <option key={bidang} value={bidang} />
        ))}
      </datalist>
      <div className="overflow-x-auto rounded-lg border border-gray-200">
        <table className="min-w-[56rem] w-full text-sm">
          <thead className="bg-gray-50 text-left text-xs font-semibold text-gray-600">
            <tr>
              <Th className="w-10 text-right">No</Th>
              <Th className="w-44">Jenis</Th>
              <Th>Kelompok</Th>
              <Th>Uraian</Th>
              <Th className="w-40">Anggaran (Rp)</Th>
              <Th className="w-40">Realisasi (Rp)</Th>
              <Th className="w-28">
                <span className="sr-only">Urutan dan hapus</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const n = index + 1
              const wrong = index === wrongLine
              return (
                <tr key={row.key} className={wrong ? 'bg-red-50' : undefined}>
                  <td className={`${cell} pt-3 text-right tabular-nums text-gray-500`}>{n}</td>
                  <td className={cell}>
                    <select
                      name={`${name}.type`}
                      aria-label={`Jenis baris ${n}`}
                      aria-invalid={wrong && !row.type}
                      value={row.type}
                      onChange={(event) => change(index, 'type', event.target.value)}
                      className={input}
                    >
                      <Options none="Pilih jenis" choices={TYPE_CHOICES} />
                    </select>
                  </td>
                  <td className={cell}>
                    <input
                      name={`${name}.group`}
                      aria-label={`Kelompok baris ${n}`}
                      list={`${id}-bidang`}
                      value={row.group}
                      onChange={(event) => change(index, 'group', event.target.value)}
                      onPaste={(event) => onCellPaste(event, index)}
                      className={input}
                    />
                  </td>
                  <td className={cell}>
                    <input
                      name={`${name}.name`}
                      aria-label={`Uraian baris ${n}`}
                      aria-invalid={wrong && !row.name.trim()}
                      value={row.name}
                      onChange={(event) => change(index, 'name', event.target.value)}
                      onPaste={(event) => onCellPaste(event, index)}
                      className={input}
                    />
                  </td>
                  {(['amount', 'realized'] as const).map((field) => (
                    <td key={field} className={cell}>
                      <input
                        name={`${name}.${field}`}
                        aria-label={`${field === 'amount' ? 'Anggaran (Rp)' : 'Realisasi (Rp)'} baris ${n}`}
                        inputMode="numeric"
                        autoComplete="off"
                        placeholder={field === 'amount' ? '1.250.000' : '0'}
                        aria-invalid={wrongAmount(row[field]) || (wrong && field === 'amount' && !row.amount.trim())}
                        value={row[field]}
                        onChange={(event) => change(index, field, event.target.value)}
                        onBlur={() => tidy(index, field)}
                        onPaste={(event) => onCellPaste(event, index)}
                        className={`${input} text-right tabular-nums`}
                      />
                    </td>
                  ))}
                  <td className={cell}>
                    <div className="flex gap-1">
                      <button
                        type="button"
                        aria-label={`Naikkan baris ${n}`}
                        title="Naikkan"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        className={smallButton}
                      >
                        <span aria-hidden="true">↑</span>
                      </button>
                      <button
                        type="button"
                        aria-label={`Turunkan baris ${n}`}
                        title="Turunkan"
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, 1)}
                        className={smallButton}
                      >
                        <span aria-hidden="true">↓</span>
                      </button>
                      <button
                        type="button"
                        aria-label={`Hapus baris ${n}`}
                        title="Hapus"
                        onClick={() => remove(index)}
                        className={`${smallButton} text-red-700 hover:bg-red-50`}
                      >
                        <span aria-hidden="true">✕</span>
                      </button>
                    </div>
                  </td>
                </tr>
              )
            })}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-6 text-center text-gray-500">
                  Belum ada baris. Tambahkan baris, atau tempel dari spreadsheet.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <button
        type="button"
        onClick={add}
        className={
          'inline-flex items-center gap-2 rounded-lg border border-brand-600 bg-white px-3 py-2 text-sm font-medium ' +
          'text-brand-700 hover:bg-brand-50'
        }
      >
        <span aria-hidden="true">+</span> Tambah Baris
      </button>
      <div className="rounded-lg border border-dashed border-gray-300 p-3">
        <label htmlFor={`${id}-paste`} className="block text-sm font-medium text-gray-700">
          Tempel dari spreadsheet
        </label>
        <p id={`${id}-paste-help`} className="mt-0.5 text-xs text-gray-500">
          Salin baris dari Excel atau Google Sheets dengan kolom jenis, kelompok, uraian, anggaran, realisasi
          (berurutan), lalu tempel di sini atau langsung di salah satu sel tabel.
        </p>
        <textarea
          id={`${id}-paste`}
          aria-describedby={`${id}-paste-help`}
          rows={3}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          className={`${input} mt-2 font-mono text-xs`}
        />
        <button
          type="button"
          onClick={pasteFromBox}
          className={
            'mt-2 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 ' +
            'hover:bg-gray-50'
          }
        >
          Tempel Baris
        </button>
      </div>
      <BudgetTotals totals={totals} />
    </fieldset>
  )
}

const TOTAL_ROWS = [
  ['pendapatan', 'Pendapatan'],
  ['belanja', 'Belanja'],
  ['surplus', 'Surplus/Defisit'],
  ['penerimaan_pembiayaan', 'Penerimaan Pembiayaan'],
  ['pengeluaran_pembiayaan', 'Pengeluaran Pembiayaan'],
  ['pembiayaan_netto', 'Pembiayaan Netto'],
  ['silpa', 'SiLPA'],
] as const

/** The totals of the lines as typed, read out when they change. */
function BudgetTotals({ totals }: { totals: ReturnType<typeof budgetTotals> }) {
  return (
    <section aria-label="Jumlah" className="rounded-lg border border-gray-200 bg-gray-50 p-3">
      <h3 className="mb-2 text-sm font-semibold text-gray-800">Jumlah</h3>
      <table className="w-full text-sm" aria-live="polite">
        <thead className="text-left text-xs text-gray-500">
          <tr>
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Pos</span>
            </th>
            {['Anggaran', 'Realisasi'].map((header) => (
              <th key={header} scope="col" className="py-1 text-right font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TOTAL_ROWS.map(([key, label]) => (
            <tr key={key} data-total={key} className="border-t border-gray-200">
              <th scope="row" className="py-1 text-left font-medium text-gray-700">
                {label}
              </th>
              <td className="py-1 text-right tabular-nums">{formatRupiah(totals[key].amount)}</td>
              <td className="py-1 text-right tabular-nums">{formatRupiah(totals[key].realized)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
