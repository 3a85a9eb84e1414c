import { htmlToText } from './format'

/**
 * The readable difference of two versions of a text (the `Riwayat` of the edit screen): word by word, HTML compared
 * as the text it shows, with the formatting changes named apart.
 */

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string }

/** Above this many cells the middle of two texts is shown as replaced whole rather than matched word by word. */
const MAX_CELLS = 4_000_000

/** The words of `before` and `after` as kept, removed and added runs (the common start and end trimmed first). */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.split(/\s+/).filter(Boolean)
  const b = after.split(/\s+/).filter(Boolean)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  const x = a.slice(start, a.length - end)
  const y = b.slice(start, b.length - end)
  const parts: DiffPart[] = []
  const push = (kind: DiffPart['kind'], words: string[]) => {
    if (!words.length) return
    const last = parts[parts.length - 1]
    if (last?.kind === kind) last.text += ` ${words.join(' ')}`
    else parts.push({ kind, text: words.join(' ') })
  }
  push('same', a.slice(0, start))
  if ((x.length + 1) * (y.length + 1) > MAX_CELLS) {
    push('removed', x)
    push('added', y)
  } else {
    // The longest common subsequence of the middle, read back from its table.
    const width = y.length + 1
    const table = new Uint32Array((x.length + 1) * width)
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--)
        table[i * width + j] =
          x[i] === y[j]
            ? table[(i + 1) * width + j + 1] + 1
            : Math.max(table[(i + 1) * width + j], table[i * width + j + 1])
    // A replaced word reads as the old one struck out, then the new one.
    let i = 0
    let j = 0
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        push('same', [x[i]])
        i++
        j++
      } else if (i < x.length && (j === y.length || table[(i + 1) * width + j] >= table[i * width + j + 1]))
        push('removed', [x[i++]])
      else push('added', [y[j++]])
    }
  }
  push('same', a.slice(a.length - end))
  return parts
}

/** The names of HTML tags used a different number of times in the two versions (`strong`, `a`, `h2`...). */
export function formattingChanges(before: string, after: string): string[] {
  const count = (html: string) => {
    const counts = new Map<string, number>()
    for (const [, name] of html.matchAll(/<([a-z][a-z0-9]*)\b[^>]*>/gi)) {
      const tag = name.toLowerCase()
      counts.set(tag, (counts.get(tag) ?? 0) + 1)
    }
    return counts
  }
  const a = count(before)
  const b = count(after)
  return [...new Set([...a.keys(), ...b.keys()])].filter((tag) => a.get(tag) !== b.get(tag)).sort()
}

/** Words of unchanged text kept on each side of a change; the rest of a long unchanged run is shown as "…". */
const CONTEXT_WORDS = 12

const shortened = (part: DiffPart): DiffPart => {
  if (part.kind !== 'same') return part
  const words = part.text.split(' ')
  if (words.length <= CONTEXT_WORDS * 2 + 1) return part
  return { kind: 'same', text: [...words.slice(0, CONTEXT_WORDS), '…', ...words.slice(-CONTEXT_WORDS)].join(' ') }
}

/** How one field of a revision differs from the current record. */
export type FieldDiff =
  | { field: string; label: string; kind: 'text'; parts: DiffPart[]; formatting: string[] }
  | { field: string; label: string; kind: 'value'; before: string; after: string }

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '-'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)

/**
 * The fields of a revision (`before`) that differ from the current record (`after`): text fields word by word (rich
 * text as its text, with its formatting changes), other fields as both values.
 */
export function revisionDiff(
  fields: readonly { name: string; label: string; kind?: string }[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldDiff[] {
  return fields.flatMap((field): FieldDiff[] => {
    if (!(field.name in before)) return []
    const [old, now] = [before[field.name], after[field.name]]
    if (shown(old) === shown(now)) return []
    const kind = field.kind ?? 'text'
    if (['text', 'textarea', 'richtext', 'email', 'tel'].includes(kind)) {
      const html = kind === 'richtext'
      const [a, b] = [String(old ?? ''), String(now ?? '')]
      return [
        {
          field: field.name,
          label: field.label,
          kind: 'text',
          parts: wordDiff(html ? htmlToText(a) : a, html ? htmlToText(b) : b).map(shortened),
          formatting: html ? formattingChanges(a, b) : [],
        },
      ]
    }
    return [{ field: field.name, label: field.label, kind: 'value', before: shown(old), after: shown(now) }]
  })
}
