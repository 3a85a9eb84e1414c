import { describe, expect, it } from 'vitest'
import { scopedCache } from '../../core/scoped-cache.mjs'

// The one cache primitive (decision 066): namespaced by the scope the cache is reached from, versioned per namespace,
// one budget for all. The village's own side (two villages, the same key; outside a scope with REGENCY_HOST) is in
// village-scope.test.ts, which runs as a regency install.
describe('scopedCache', () => {
  let space = 'a'
  const cache = () => scopedCache<string>({ what: 'a test cache', scopeKey: () => space, maxEntries: 3 })

  it('keeps one entry per namespace for the same key, and a new version drops only its own namespace', () => {
    const kept = cache()
    space = 'a'
    expect(kept.set('k', 1, 'of a')).toBe(false) // never used at version 1 yet: nothing to store under
    expect(kept.get('k', 1)).toBeUndefined()
    expect(kept.set('k', 1, 'of a')).toBe(true)
    space = 'b'
    expect(kept.get('k', 1)).toBeUndefined()
    kept.set('k', 1, 'of b')
    expect(kept.get('k', 1)).toBe('of b')
    space = 'a'
    expect(kept.get('k', 1)).toBe('of a')
    expect(kept.get('k', 2)).toBeUndefined()
    expect(kept.get('k', 1)).toBeUndefined()
    space = 'b'
    expect(kept.get('k', 1)).toBe('of b')
  })

  it('refuses an entry made under a version its namespace has left', () => {
    space = 'a'
    const kept = cache()
    const view = kept.here()
    view.get('k', 1)
    kept.get('other', 2)
    expect(view.set('k', 1, 'stale')).toBe(false)
    expect(kept.get('k', 2)).toBeUndefined()
  })

  it('a view stays in the namespace it was made in', () => {
    space = 'a'
    const kept = cache()
    const view = kept.here()
    view.get('k', 1)
    space = 'b'
    view.set('k', 1, 'of a')
    expect(kept.get('k', 1)).toBeUndefined()
    space = 'a'
    expect(kept.get('k', 1)).toBe('of a')
  })

  it('shares one budget of entries and bytes, oldest stored first out, or least recently used with recency', () => {
    space = 'a'
    const fifo = cache()
    for (const key of ['1', '2', '3']) if (fifo.get(key, 1) === undefined) fifo.set(key, 1, key)
    fifo.get('1', 1)
    space = 'b'
    fifo.get('4', 1)
    fifo.set('4', 1, '4')
    space = 'a'
    expect(fifo.size()).toBe(3)
    expect(fifo.get('1', 1)).toBeUndefined()
    expect(fifo.get('2', 1)).toBe('2')

    const lru = scopedCache<string>({ what: 'a test cache', scopeKey: () => 'a', maxEntries: 3, recency: true })
    for (const key of ['1', '2', '3']) if (lru.get(key, 1) === undefined) lru.set(key, 1, key)
    lru.get('1', 1)
    lru.set('4', 1, '4')
    expect(lru.get('1', 1)).toBe('1')
    expect(lru.get('2', 1)).toBeUndefined()

    const sized = scopedCache<string>({ what: 'a test cache', scopeKey: () => 'a', maxEntries: 10, maxBytes: 10 })
    sized.get('x', 1)
    sized.set('x', 1, 'x', 6)
    sized.set('y', 1, 'y', 6)
    expect(sized.get('x', 1)).toBeUndefined()
    expect(sized.get('y', 1)).toBe('y')
  })

  it('remembers a promise until it fails, and cannot be made without a scope', async () => {
    space = 'a'
    const kept = scopedCache<Promise<number>>({ what: 'a test cache', scopeKey: () => space, maxEntries: 3 })
    let calls = 0
    const read = () => (++calls === 1 ? Promise.reject(new Error('no')) : Promise.resolve(calls))
    await expect(kept.here().remember('k', 1, read)).rejects.toThrow('no')
    expect(await kept.here().remember('k', 1, read)).toBe(2)
    expect(await kept.here().remember('k', 1, read)).toBe(2)
    expect(() =>
      scopedCache({ what: 'a test cache', maxEntries: 1 } as unknown as Parameters<typeof scopedCache>[0]),
    ).toThrow(/needs the scopeKey function/)
  })
})
