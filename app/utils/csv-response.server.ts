/**
 * A CSV file as a download (app/lib/csv.ts writes its text): `text/csv` in UTF-8, saved under `filename` (a name of
 * the code's making), never sniffed as anything else.
 */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
