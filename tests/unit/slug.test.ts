import { describe, expect, it } from 'vitest'
import { slugify, uniqueSlug } from '~/lib/slug'

describe('slugify', () => {
  it('follows the contract', () => {
    expect(slugify('Musyawarah Desa 2026!')).toBe('musyawarah-desa-2026')
    expect(slugify('  Visi  &  Misi -- Desa ')).toBe('visi-misi-desa')
    expect(slugify('Kegiatan Café')).toBe('kegiatan-cafe')
    expect(slugify('<script>alert(1)</script>')).toBe('scriptalert1script')
    expect(slugify('日本語')).toBe('')
  })
  it('adds -2, -3 on a clash', () => {
    expect(uniqueSlug('a', new Set())).toBe('a')
    expect(uniqueSlug('a', new Set(['a']))).toBe('a-2')
    expect(uniqueSlug('a', new Set(['a', 'a-2']))).toBe('a-3')
    expect(uniqueSlug('', new Set(), 'post')).toBe('post')
  })
})
