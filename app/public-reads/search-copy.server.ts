import { dataVersion } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { villageCache } from '~/utils/village-cache.server'
import { quote, readRows } from './row-reader.server'
import { foldSearch, type RowFilter } from './search-terms.server'

/**
 * The public searches, from memory. The rows a public list may show (published, scheduled ones with their time) are
 * copied once per data version (data-version.server.ts: every write of any worker or instance changes it), in the
 * list's order, with their searched columns folded as LIKE folds; a search then walks the copy: a row is a match
 * when one folded column holds the folded term and its time has come. That is the answer of the SQL above (LIKE,
 * A-Z folded, every character literal), without a statement. The copy also lists, for each trigram of its text (3
 * UTF-16 units), the rows holding it: a row holding the term holds each of its trigrams, so a term of 3 units or
 * more is looked for only in the rows of its rarest trigram. On the 10,000-post bench village a search costs
 * 0.03 ms on average against 1.1 ms for the FTS5 page and count, and 0.2 ms for a walk of every row
 * (docs/performance.md). A copy is made only while it fits in SEARCH_MEMORY_MB; a larger table is searched by its
 * index. A term holding NUL is left to the SQL, which has its own rule for it on each database.
 */
type MemoryCopy = { ids: Float64Array; times: Float64Array; columns: string[][]; grams: Map<string, Int32Array> }

/**
 * What a copy may hold, in UTF-16 units of text (two bytes each; a trigram's row entry counts as two), per table, per
 * worker: SEARCH_MEMORY_MB.
 */
const memoryUnits = () => (getEnv().SEARCH_MEMORY_MB * 1024 * 1024) / 2

/**
 * Every village's copies (decision 055), keyed by table and filter, in one budget of 200: every searched list of one
 * village, a few dozen villages with REGENCY_HOST; the villages nobody searched for longest leave first.
 */
const copies = villageCache<Promise<MemoryCopy | null>>('the search copies', { maxEntries: 200, recency: true })

/** A time as the database gave it (a Date from PostgreSQL, ISO text or epoch milliseconds from SQLite). */
const timeOf = (value: unknown) =>
  value instanceof Date
    ? value.getTime()
    : typeof value === 'number' || typeof value === 'bigint'
      ? Number(value)
      : Date.parse(String(value))

const memoryCopy = (table: string, columns: readonly string[], only: RowFilter): Promise<MemoryCopy | null> =>
  copies
    .here()
    .remember(`${table}\n${columns.join(',')}\n${only.candidates}`, dataVersion(), () => readCopy(table, columns, only))

async function readCopy(table: string, columns: readonly string[], only: RowFilter): Promise<MemoryCopy | null> {
  const most = memoryUnits()
  if (most <= 0) return null
  const names = columns.map((_, at) => `c${at}`)
  const rows = await readRows<Record<string, unknown>>(
    `SELECT "id", ${only.time} AS "t", ` +
      `${columns.map((column, at) => `${quote(column)} AS "${names[at]}"`).join(', ')} FROM ${quote(table)} WHERE ` +
      `${only.candidates} ORDER BY ${only.orderBy}`,
    [],
  )
  const copy: MemoryCopy = {
    ids: new Float64Array(rows.length),
    times: new Float64Array(rows.length),
    columns: names.map(() => new Array<string>(rows.length)),
    grams: new Map(),
  }
  const lists = new Map<string, number[]>()
  let units = 0
  for (let row = 0; row < rows.length; row++) {
    copy.ids[row] = Number(rows[row].id)
    copy.times[row] = timeOf(rows[row].t)
    for (let at = 0; at < names.length; at++) {
      const text = rows[row][names[at]]
      const folded = typeof text === 'string' ? foldSearch(text) : ''
      copy.columns[at][row] = folded
      units += folded.length
      for (let start = 0; start + 3 <= folded.length; start++) {
        const gram = folded.slice(start, start + 3)
        let list = lists.get(gram)
        if (!list) lists.set(gram, (list = []))
        // Rows are added in order, so a row already listed for this trigram is the list's last one.
        if (list[list.length - 1] !== row) {
          list.push(row)
          units += 2
        }
      }
    }
    if (units > most) return null
  }
  for (const [gram, list] of lists) copy.grams.set(gram, Int32Array.from(list))
  return copy
}

function searchCopy(
  copy: MemoryCopy,
  term: string,
  at: number,
  offset: number,
  limit: number,
  count: boolean,
): { ids: number[]; total: number | null; times: number[] } {
  const ids: number[] = []
  const keptTimes: number[] = []
  let total = 0
  const { times, columns } = copy
  // The rows to look at, in the list's order: those of the term's rarest trigram, or every row for a shorter term.
  let rows: Int32Array | undefined
  for (let start = 0; start + 3 <= term.length; start++) {
    const list = copy.grams.get(term.slice(start, start + 3))
    if (!list) return { ids, total: count ? 0 : null, times: keptTimes }
    if (!rows || list.length < rows.length) rows = list
  }
  const length = rows ? rows.length : times.length
  for (let index = 0; index < length; index++) {
    const row = rows ? rows[index] : index
    if (!(times[row] <= at)) continue
    let found = false
    for (let column = 0; column < columns.length && !found; column++) found = columns[column][row].includes(term)
    if (!found) continue
    if (total >= offset && ids.length < limit) {
      ids.push(copy.ids[row])
      keptTimes.push(times[row])
    }
    total++
    if (!count && ids.length === limit) break
  }
  return { ids, total: count ? total : null, times: keptTimes }
}

/**
 * A page of the public rows of `table` matching `term` from the copy, as the index would answer it, with each row's
 * publish time (epoch milliseconds; the site search merges kinds by it before reading a row); null when the table
 * has no copy (SEARCH_MEMORY_MB is 0, or the rows do not fit).
 */
export async function searchCopyPage(
  table: string,
  columns: readonly string[],
  term: string,
  only: RowFilter,
  offset: number,
  limit: number,
  count: boolean,
): Promise<{ ids: number[]; total: number | null; times: number[] } | null> {
  const copy = await memoryCopy(table, columns, only)
  const at = timeOf(only.value)
  // As the SQL would refuse to bind it: an impossible time never passes for "nothing is published yet".
  if (!Number.isFinite(at)) throw new RangeError(`Invalid time value: ${String(only.value)}`)
  return copy ? searchCopy(copy, foldSearch(term), at, offset, limit, count) : null
}
