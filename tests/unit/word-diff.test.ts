import { describe, expect, it } from 'vitest'
import { formattingChanges, revisionDiff, wordDiff } from '~/lib/word-diff'

// The difference `Riwayat` shows (app/lib/word-diff.ts): word by word, rich text as its text, formatting named apart.

describe('the difference of a revision against the current text', () => {
  it('marks the words only one side has, keeping the rest in order', () => {
    expect(wordDiff('Kerja bakti hari Minggu pagi', 'Kerja bakti hari Sabtu pagi di balai')).toEqual([
      { kind: 'same', text: 'Kerja bakti hari' },
      { kind: 'removed', text: 'Minggu' },
      { kind: 'added', text: 'Sabtu' },
      { kind: 'same', text: 'pagi' },
      { kind: 'added', text: 'di balai' },
    ])
    expect(wordDiff('sama', 'sama')).toEqual([{ kind: 'same', text: 'sama' }])
  })

  it('compares rich text as text and names the formatting that changed', () => {
    const [content] = revisionDiff(
      [{ name: 'content', label: 'Content', kind: 'richtext' }],
      { content: '<p>Rapat <strong>penting</strong> desa</p>' },
      { content: '<p>Rapat penting desa</p><h2>Hasil</h2>' },
    )
    expect(content).toMatchObject({
      kind: 'text',
      parts: [
        { kind: 'same', text: 'Rapat penting desa' },
        { kind: 'added', text: 'Hasil' },
      ],
      formatting: ['h2', 'strong'],
    })
    expect(formattingChanges('<p>a <em>b</em></p>', '<p>a <em>c</em></p>')).toEqual([])
  })

  it('lists only the fields that differ; other kinds as both values; long unchanged text shortened', () => {
    const long = Array.from({ length: 100 }, (_, at) => `kata${at}`).join(' ')
    const diff = revisionDiff(
      [
        { name: 'title', label: 'Title' },
        { name: 'category_id', label: 'Category', kind: 'select' },
        { name: 'content', label: 'Content', kind: 'textarea' },
      ],
      { title: 'Sama', category_id: 1, content: `${long} akhir` },
      { title: 'Sama', category_id: 2, content: `${long} selesai` },
    )
    expect(diff.map((field) => field.field)).toEqual(['category_id', 'content'])
    expect(diff[0]).toEqual({ field: 'category_id', label: 'Category', kind: 'value', before: '1', after: '2' })
    const parts = diff[1].kind === 'text' ? diff[1].parts : []
    expect(parts[0].text.split(' ')).toHaveLength(25)
    expect(parts[0].text).toContain('…')
    expect(parts.slice(1)).toEqual([
      { kind: 'removed', text: 'akhir' },
      { kind: 'added', text: 'selesai' },
    ])
  })
})
