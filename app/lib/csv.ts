/**
 * CSV files as docs/api.md ("Village information and services") writes them: one row per line, CRLF line ends
 * (the last line too), UTF-8 without a byte order mark. A cell whose value starts with `=`, `+`, `-`, `@`, a tab or a
 * CR is written as `'` + the value, so that no spreadsheet runs it as a formula; then a cell holding a comma, a quote,
 * a CR or an LF is quoted as RFC 4180 says (quotes doubled).
 */
export function csvOf(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')
}

function csvCell(value: string | number): string {
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
