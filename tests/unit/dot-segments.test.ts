import { describe, expect, it } from 'vitest'
import { hasDotSegment } from '../../server/dot-segments.mjs'

describe('hasDotSegment (decision 059)', () => {
  it.each([
    '/.',
    '/..',
    '/a/./b',
    '/a/../b',
    '/a/..',
    '/api/regency/%2E%2E/public/posts',
    '/api/regency/%2e%2e/public/posts',
    '/api/regency/.%2E/public/posts',
    '/api/regency/%2e./public/posts',
    '/a/%2E/b',
    '/a/..%2Fb',
    '/a/..%2fb',
    '/a/b%2F..',
    '/a/..%5Cb',
    '/a/b%5c%2e%2e',
    '/a\\..\\b',
    '/a/b\\.',
    '/a/%252E%252E/b',
    '/a/%25252e%25252e/b',
    '/a/%2525252525252E/b',
    '/a/..%252Fb',
    '/a/%25%32%45%25%32%45/b',
    'http://host/a/../b',
    '/a/../b?c=d',
  ])('finds one in %s', (target) => {
    expect(hasDotSegment(target)).toBe(true)
  })

  it.each([
    '/',
    '/sitemap.xml',
    '/uploads/posts/a.b.webp',
    '/uploads/posts/0123456789abcdef0123456789abcdef-64x48.jpg',
    '/posts/a..b',
    '/posts/...',
    '/posts/..webp',
    '/.well-known/security.txt',
    '/a/%2E%2E%2E/b',
    '/a/%2Ex',
    '/cari?q=../..',
    '/api/public/posts?search=%2e%2e%2f..',
    '/a/%ff%fe',
    '/a/%',
    '/a/%2',
    '/posts/kerja-bakti%20warga',
    // Four decodings deep: past what is decoded (no layer decodes even twice).
    '/a/%25%25%33%32%25%33%35%32E/b',
  ])('finds none in %s', (target) => {
    expect(hasDotSegment(target)).toBe(false)
  })

  it('reads a long path in one linear pass', () => {
    const started = performance.now()
    expect(hasDotSegment(`/a/%${'25'.repeat(5000)}2E`)).toBe(true)
    expect(hasDotSegment(`/a/${'%25%32%35'.repeat(2000)}x`)).toBe(false)
    expect(hasDotSegment(`/${'a/'.repeat(8000)}..`)).toBe(true)
    expect(performance.now() - started).toBeLessThan(200)
  })
})
