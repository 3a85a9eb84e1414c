/**
 * The village budget (APBDes, docs/api.md "Budget (APBDes)"): its kinds of line, its totals and how people write its
 * amounts. Pure, so the server (the stored figures) and the admin form (the totals while typing) count alike.
 */

import { choiceLabels } from './choices'

export const BUDGET_TYPES = ['pendapatan', 'belanja', 'penerimaan_pembiayaan', 'pengeluaran_pembiayaan'] as const
export type BudgetType = (typeof BUDGET_TYPES)[number]

export const BUDGET_TYPE_LABELS: Record<BudgetType, string> = choiceLabels(BUDGET_TYPES)

export const isBudgetType = (value: unknown): value is BudgetType =>
  typeof value === 'string' && (BUDGET_TYPES as readonly string[]).includes(value)

/** The five bidang of village spending (Permendagri 20/2018): what the form suggests as the group of a `belanja`. */
export const BIDANG = [
  'Penyelenggaraan Pemerintahan Desa',
  'Pelaksanaan Pembangunan Desa',
  'Pembinaan Kemasyarakatan',
  'Pemberdayaan Masyarakat',
  'Penanggulangan Bencana, Keadaan Darurat dan Mendesak Desa',
] as const

/** Whole rupiah, 0 to 10^15 (docs/api.md): exact as JavaScript numbers, whose integers are exact up to 2^53. */
export const MAX_AMOUNT = 1_000_000_000_000_000
export const MAX_BUDGET_LINES = 500
export const FIRST_BUDGET_YEAR = 2000
export const LAST_BUDGET_YEAR = 2100

export type BudgetLine = { type: string; group: string; name: string; amount: number; realized: number }
export type Figure = { amount: number; realized: number }
export const TOTAL_NAMES = [
  'pendapatan',
  'belanja',
  'penerimaan_pembiayaan',
  'pengeluaran_pembiayaan',
  'surplus',
  'pembiayaan_netto',
  'silpa',
] as const
export type BudgetTotals = Record<(typeof TOTAL_NAMES)[number], Figure>
export type BudgetGroup = { type: BudgetType; group: string } & Figure

/**
 * Sums are counted in BigInt: 500 lines of up to 10^15 pass 2^53, where adding numbers starts to round. A total
 * within 2^53 (every real budget) is exact; beyond, it is the nearest number, as any JSON reader would read it.
 */
type Sum = { amount: bigint; realized: bigint }
const zero = (): Sum => ({ amount: 0n, realized: 0n })
const toFigure = (sum: Sum): Figure => ({ amount: Number(sum.amount), realized: Number(sum.realized) })
const whole = (value: number) => BigInt(Number.isSafeInteger(value) ? value : Math.trunc(value) || 0)

/**
 * The totals of docs/api.md: the sums of each type, `surplus` = pendapatan - belanja, `pembiayaan_netto` =
 * penerimaan - pengeluaran, `silpa` = surplus + pembiayaan_netto (the last three may be negative); each of budget
 * (`amount`) and realisation (`realized`).
 */
export function budgetTotals(lines: readonly Pick<BudgetLine, 'type' | 'amount' | 'realized'>[]): BudgetTotals {
  const sums: Record<BudgetType, Sum> = {
    pendapatan: zero(),
    belanja: zero(),
    penerimaan_pembiayaan: zero(),
    pengeluaran_pembiayaan: zero(),
  }
  for (const line of lines) {
    if (!isBudgetType(line.type)) continue
    sums[line.type].amount += whole(line.amount)
    sums[line.type].realized += whole(line.realized)
  }
  const minus = (a: Sum, b: Sum): Sum => ({ amount: a.amount - b.amount, realized: a.realized - b.realized })
  const plus = (a: Sum, b: Sum): Sum => ({ amount: a.amount + b.amount, realized: a.realized + b.realized })
  const surplus = minus(sums.pendapatan, sums.belanja)
  const netto = minus(sums.penerimaan_pembiayaan, sums.pengeluaran_pembiayaan)
  return {
    pendapatan: toFigure(sums.pendapatan),
    belanja: toFigure(sums.belanja),
    penerimaan_pembiayaan: toFigure(sums.penerimaan_pembiayaan),
    pengeluaran_pembiayaan: toFigure(sums.pengeluaran_pembiayaan),
    surplus: toFigure(surplus),
    pembiayaan_netto: toFigure(netto),
    silpa: toFigure(plus(surplus, netto)),
  }
}

/** The sums per type and group, in the order each pair first appears among the lines. */
export function budgetGroups(lines: readonly BudgetLine[]): BudgetGroup[] {
  const groups = new Map<string, { type: BudgetType; group: string; sum: Sum }>()
  for (const line of lines) {
    if (!isBudgetType(line.type)) continue
    const key = JSON.stringify([line.type, line.group])
    let entry = groups.get(key)
    if (!entry) groups.set(key, (entry = { type: line.type, group: line.group, sum: zero() }))
    entry.sum.amount += whole(line.amount)
    entry.sum.realized += whole(line.realized)
  }
  return [...groups.values()].map(({ type, group, sum }) => ({ type, group, ...toFigure(sum) }))
}

/**
 * An amount as people type it: `1.250.000.000` (dots between thousands), `1250000000`, with or without `Rp` and
 * spaces. Null for anything else (letters, a sign, a decimal part, dots in the wrong places); empty text is null too.
 */
export function parseAmountText(text: string): number | null {
  const compact = text
    .replace(/^\s*rp\.?/i, '')
    .replace(/[\s\u00a0]/g, '')
    .trim()
  if (!/^(\d{1,3}(\.\d{3})+|\d+)$/.test(compact)) return null
  const value = Number(compact.replaceAll('.', ''))
  return Number.isSafeInteger(value) ? value : null
}

/** `1.250.000.000`: an amount as the form shows it again (dots between thousands, no currency). */
export const amountText = (value: number) =>
  Number.isFinite(value)
    ? Math.trunc(value)
        .toString()
        .replace(/\B(?=(\d{3})+(?!\d))/g, '.')
    : ''

/** A line's type from a pasted cell: the stored name or its label, any case (`Belanja`, `penerimaan pembiayaan`). */
export function budgetTypeOf(text: string): BudgetType | null {
  const folded = text.trim().toLowerCase().replace(/\s+/g, '_')
  return isBudgetType(folded) ? folded : null
}

/** A line of the admin form as typed: the amounts are the text in their boxes. */
export type TypedLine = { type: string; group: string; name: string; amount: string; realized: string }

/**
 * Lines pasted from a spreadsheet: one per row, cells separated by tabs, in the order type, group, name, amount,
 * realized (the last optional). A heading row (whose first cell is `type` or `jenis`) and empty rows are skipped; a
 * type the site does not know is kept as typed (the form then names its line).
 */
export function parsePastedLines(text: string): TypedLine[] {
  return text
    .split(/\r\n|\r|\n/)
    .filter((row) => row.trim() !== '')
    .map((row) => row.split('\t').map((cell) => cell.trim()))
    .filter(([first = '']) => !/^(type|jenis)$/i.test(first))
    .map(([type = '', group = '', name = '', amount = '', realized = '']) => ({
      type: budgetTypeOf(type) ?? type,
      group,
      name,
      amount,
      realized,
    }))
}

/** The fields of a line, in the order of the form's columns, the CSV's and a pasted row's. */
export const LINE_FIELDS = ['type', 'group', 'name', 'amount', 'realized'] as const
