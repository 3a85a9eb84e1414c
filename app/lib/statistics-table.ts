/**
 * The table of a village statistics dataset (docs/api.md "Village statistics"), pure so that the admin's editor and
 * the server read it alike: 1 to 6 columns (series), at most 200 rows of a label and one number >= 0 per column, the
 * categories, the rows as pasted CSV ("Tempel CSV": the first line names the label column and then the columns),
 * the totals of the `Jumlah` row.
 */

import { choiceLabels } from './choices'

export const STATISTIC_CATEGORIES = [
  'penduduk',
  'pendidikan',
  'pekerjaan',
  'agama',
  'kesehatan',
  'ekonomi',
  'lainnya',
] as const
export type StatisticCategory = (typeof STATISTIC_CATEGORIES)[number]

/** The heading of each category on /statistik, in this order. */
export const CATEGORY_LABELS: Record<StatisticCategory, string> = choiceLabels(STATISTIC_CATEGORIES)

export const MAX_COLUMNS = 6
export const MAX_ROWS = 200
export const MAX_VALUE = 1e15
export const MAX_LABEL = 200
export const MAX_COLUMN_NAME = 100

export type DatasetRow = { label: string; values: number[] }
export type DatasetTable = { columns: string[]; rows: DatasetRow[] }
/** Problems of a table, under the contract's keys. */
export type TableErrors = { Columns?: string; Rows?: string }

/** "Row 3" of the rows as sent; of a pasted CSV also the line it was on (the header is line 1). */
type RowName = (index: number) => string
const rowOfList: RowName = (index) => `Row ${index + 1}`

/** Checks the column names: 1 to 6, none empty, none too long. */
export function columnsProblem(columns: readonly unknown[]): string | undefined {
  if (columns.length === 0) return 'Columns must name at least 1 column'
  if (columns.length > MAX_COLUMNS) return `A dataset has at most ${MAX_COLUMNS} columns (${columns.length} given)`
  for (const [index, name] of columns.entries()) {
    if (typeof name !== 'string') return `Column ${index + 1} must be text`
    if (!name.trim()) return `Column ${index + 1} has no name`
    if (name.trim().length > MAX_COLUMN_NAME)
      return `Column ${index + 1} may not be longer than ${MAX_COLUMN_NAME} characters`
  }
  return undefined
}

/** The first problem of the rows as sent (JSON or the admin's table): naming the 1-based row. */
export function rowsProblem(rows: readonly unknown[], width: number, rowName: RowName = rowOfList): string | undefined {
  if (rows.length > MAX_ROWS)
    return `${rowName(MAX_ROWS)}: a dataset has at most ${MAX_ROWS} rows (${rows.length} given)`
  for (const [index, row] of rows.entries()) {
    const name = rowName(index)
    if (!row || typeof row !== 'object' || Array.isArray(row)) return `${name} must be an object {label, values}`
    const { label, values } = row as { label?: unknown; values?: unknown }
    if (typeof label !== 'string' || !label.trim()) return `${name}: the label is required`
    if (label.trim().length > MAX_LABEL) return `${name}: the label may not be longer than ${MAX_LABEL} characters`
    if (!Array.isArray(values)) return `${name}: values must be a list of numbers`
    if (values.length !== width)
      return (
        `${name} has ${values.length} value${values.length === 1 ? '' : 's'}; ` +
        `the dataset has ${width} column${width === 1 ? '' : 's'}`
      )
    for (const [at, value] of values.entries()) {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return `${name}: value ${at + 1} must be a number (${JSON.stringify(value) ?? String(value)} given)`
      if (value < 0) return `${name}: value ${at + 1} must be at least 0 (${value} given)`
      if (value > MAX_VALUE) return `${name}: value ${at + 1} may not be more than ${MAX_VALUE}`
    }
  }
  return undefined
}

/** The columns and rows trimmed, as they are kept. */
export const cleanTable = (table: DatasetTable): DatasetTable => ({
  columns: table.columns.map((name) => name.trim()),
  rows: table.rows.map((row) => ({ label: row.label.trim(), values: [...row.values] })),
})

/** The cells of RFC 4180 CSV text (quoted cells may hold the delimiter, quotes doubled and line breaks). */
function csvLines(text: string, delimiter: string): { cells: string[]; line: number }[] {
  const lines: { cells: string[]; line: number }[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  let touched = false
  const endCell = () => {
    cells.push(cell)
    cell = ''
  }
  const endLine = () => {
    endCell()
    if (touched || cells.some((value) => value.trim())) lines.push({ cells, line: start })
    cells = []
    touched = false
  }
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"'
        at++
      } else if (char === '"') quoted = false
      else {
        if (char === '\n') line++
        cell += char
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true
      touched = true
      cell = ''
    } else if (char === delimiter) endCell()
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[at + 1] === '\n') at++
      endLine()
      line++
      start = line
    } else cell += char
  }
  if (cell !== '' || cells.length) endLine()
  return lines
}

/** A cell's number: digits with an optional decimal point (a decimal comma where the cells are not comma-separated). */
function figureOf(text: string, delimiter: string): number | undefined {
  let value = text.trim().replace(/\s/g, '')
  if (delimiter !== ',' && /^\d+,\d+$/.test(value)) value = value.replace(',', '.')
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : undefined
}

/**
 * A table pasted as text (the admin's "Tempel CSV", or `csv` through the API): comma-, semicolon- or tab-separated
 * (what a spreadsheet copies), the first line the label column's name and then the column names, each further line a
 * label and one number per column. Blank lines are skipped. A cell is kept as text, never evaluated: a label such as
 * `=HYPERLINK(...)` is just a label (and is written back with a leading `'` by the CSV download).
 */
export function parsePastedTable(
  text: string,
): { table: DatasetTable & { labelColumn: string }; errors?: undefined } | { table?: undefined; errors: TableErrors } {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  const delimiter = firstLine.includes('\t') ? '\t' : firstLine.includes(';') && !firstLine.includes(',') ? ';' : ','
  const lines = csvLines(text.replace(/^\uFEFF/, ''), delimiter)
  if (!lines.length)
    return { errors: { Columns: 'The CSV is empty: its first line names the label column and the columns' } }
  const [header, ...body] = lines
  const columns = header.cells.slice(1).map((name) => name.trim())
  if (!columns.length)
    return { errors: { Columns: 'The first line of the CSV names the label column, then at least 1 column' } }
  const columnProblem = columnsProblem(columns)
  if (columnProblem) return { errors: { Columns: `${columnProblem} (first line of the CSV)` } }
  if (!body.length) return { errors: { Rows: 'Rows must hold at least 1 row (the CSV has only its first line)' } }
  const rowName: RowName = (index) =>
    index < body.length ? `Row ${index + 1} (line ${body[index].line} of the CSV)` : `Row ${index + 1}`
  if (body.length > MAX_ROWS)
    return { errors: { Rows: `${rowName(MAX_ROWS)}: a dataset has at most ${MAX_ROWS} rows (${body.length} given)` } }
  const rows: DatasetRow[] = []
  for (const [index, { cells }] of body.entries()) {
    const values = cells.slice(1)
    if (values.length !== columns.length)
      return {
        errors: {
          Rows:
            `${rowName(index)} has ${values.length} value${values.length === 1 ? '' : 's'}; ` +
            `the first line names ${columns.length} column${columns.length === 1 ? '' : 's'}`,
        },
      }
    const numbers: number[] = []
    for (const [at, cell] of values.entries()) {
      const value = figureOf(cell, delimiter)
      if (value === undefined)
        return {
          errors: {
            Rows: `${rowName(index)}: value ${at + 1} must be a number (${JSON.stringify(cell.trim())} given)`,
          },
        }
      numbers.push(value)
    }
    rows.push({ label: cells[0].trim(), values: numbers })
  }
  const rowProblem = rowsProblem(rows, columns.length, rowName)
  if (rowProblem) return { errors: { Rows: rowProblem } }
  return { table: { labelColumn: header.cells[0].trim(), columns, rows } }
}

/** The sum of each column: the `Jumlah` row. */
export const columnTotals = (table: DatasetTable): number[] =>
  table.columns.map((_, at) => table.rows.reduce((sum, row) => sum + (row.values[at] ?? 0), 0))
