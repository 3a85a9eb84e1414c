/**
 * CSV files of the public pages (docs/api.md "Village information and services"): one row per line in the stored
 * order, CRLF line ends, UTF-8 without a BOM. A cell (header included) whose value starts with `=`, `+`, `-`, `@`, a
 * tab or a CR is written as `'` + the value, so that no spreadsheet runs it as a formula; then a cell holding a comma,
 * a quote, a CR or a LF is quoted as RFC 4180 says (quotes doubled).
 */

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell as it is written. */
export function csvCell(value: string | number): string {
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The file of `rows`, the header first: every line ends with CRLF. */
export function csvOf(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')
}
