/**
 * The one cache primitive of village data (docs/decisions/066-one-cache-primitive.md): the response cache
 * (server/response-cache.mjs), the read memo and the search copies (app/public-reads) and the session memo
 * (app/auth) are each one `scopedCache`. Entries live in namespaces, one per village: the namespace is what
 * `scopeKey(what)` gives when the cache is reached ('' with one village, the village's id with REGENCY_HOST, an
 * OutsideScopeError outside any scope there; app/utils/village-scope.server.ts). Callers pass their own key and
 * never see or add the village, so one village's entry is never another's, by construction.
 *
 * Each namespace holds the data version its entries were made under: the first use under another version drops that
 * namespace's entries (and only those), and an entry made under an older version than the namespace's is refused.
 * Every namespace shares one budget (`maxEntries`, and `maxBytes` over the sizes given to `set`); the oldest entry
 * goes first, oldest by insertion, or by last use with `recency`.
 *
 * In core/ because the front's response cache may import only core/; it gets `scopeKey` from the build's exports,
 * the app from village-scope.server.ts (app/utils/village-cache.server.ts binds it).
 *
 * @template V
 * @param {{
 *   what: string,
 *   scopeKey: (what: string) => string,
 *   maxEntries: number,
 *   maxBytes?: number,
 *   recency?: boolean,
 * }} options
 */
export function scopedCache({ what, scopeKey, maxEntries, maxBytes = Infinity, recency = false }) {
  if (typeof scopeKey !== 'function') throw new TypeError(`${what}: a scoped cache needs the scopeKey function`)
  /** @type {Map<string, { space: string, value: V, size: number }>} Keyed `{namespace}\n{key}`, oldest first. */
  const entries = new Map()
  /** @type {Map<string, { version: unknown, keys: Set<string> }>} Each namespace's version and its entries. */
  const spaces = new Map()
  /** @type {Map<string, Promise<void>>} Keys whose value is being computed now (see `begin`). */
  const running = new Map()
  let bytes = 0

  /** @param {string} full */
  const drop = (full) => {
    const entry = entries.get(full)
    if (!entry) return
    bytes -= entry.size
    entries.delete(full)
    spaces.get(entry.space)?.keys.delete(full)
  }

  /**
   * The cache as seen from the current scope: `scopeKey` is asked once, here, so a view kept across callbacks (a
   * response's `finish`) stays in the namespace it was made in.
   */
  const here = () => {
    const space = scopeKey(what)
    /** @param {string} key */
    const fullKey = (key) => `${space}\n${key}`
    /** The namespace brought to `version`: its entries of any other version are dropped. @param {unknown} version */
    const at = (version) => {
      let kept = spaces.get(space)
      if (!kept) spaces.set(space, (kept = { version, keys: new Set() }))
      else if (kept.version !== version) {
        for (const full of kept.keys) drop(full)
        kept.version = version
      }
      return kept
    }

    /**
     * The value kept for `key` under `version` (undefined when none), after dropping this namespace's entries of
     * any other version. @param {string} key @param {unknown} version @returns {V | undefined}
     */
    const get = (key, version) => {
      at(version)
      const full = fullKey(key)
      const entry = entries.get(full)
      if (!entry) return undefined
      if (recency) {
        entries.delete(full)
        entries.set(full, entry)
      }
      return entry.value
    }

    /**
     * Keeps `value` for `key`, made under `version`, counting `size` bytes against `maxBytes`; refused (false) when
     * the namespace has moved to another version meanwhile. The oldest entries of every namespace make room.
     * @param {string} key @param {unknown} version @param {V} value @param {number} [size]
     */
    const set = (key, version, value, size = 0) => {
      const kept = spaces.get(space)
      if (kept?.version !== version) return false
      const full = fullKey(key)
      drop(full)
      while (entries.size && (entries.size >= maxEntries || bytes + size > maxBytes))
        drop(/** @type {string} */ (entries.keys().next().value))
      entries.set(full, { space, value, size })
      kept.keys.add(full)
      bytes += size
      return true
    }

    return {
      get,
      set,
      /**
       * The value kept for `key` when the namespace is at `version`, without moving it (a read-only look: the
       * response cache's replay before Express). @param {string} key @param {unknown} version @returns {V | undefined}
       */
      peek: (key, version) => (spaces.get(space)?.version === version ? entries.get(fullKey(key))?.value : undefined),
      /** The version this namespace's entries were made under, undefined before its first use. */
      version: () => spaces.get(space)?.version,
      /**
       * The promise kept for `key` under `version`, or `make()`'s, kept until it fails: every caller meanwhile
       * shares one computation. @param {string} key @param {unknown} version @param {() => V} make @returns {V}
       */
      remember: (key, version, make) => {
        const hit = get(key, version)
        if (hit !== undefined) return hit
        const pending = make()
        set(key, version, pending)
        const full = fullKey(key)
        Promise.resolve(pending).catch(() => {
          if (entries.get(full)?.value === pending) drop(full)
        })
        return pending
      },
      /** Settles when the computation of `key` begun by another caller ends; undefined when none runs. @param {string} key */
      running: (key) => running.get(fullKey(key)),
      /** Notes that `key` is being computed; the returned function ends it. @param {string} key */
      begin: (key) => {
        const full = fullKey(key)
        /** @type {() => void} */
        let done = () => undefined
        const mine = new Promise((resolve) => (done = () => resolve(undefined)))
        running.set(full, mine)
        return () => {
          if (running.get(full) === mine) running.delete(full)
          done()
        }
      },
    }
  }

  return {
    here,
    /** `here().get`. @param {string} key @param {unknown} version */
    get: (key, version) => here().get(key, version),
    /** `here().set`. @param {string} key @param {unknown} version @param {V} value @param {number} [size] */
    set: (key, version, value, size) => here().set(key, version, value, size),
    /** Entries kept, every namespace together (for tests). */
    size: () => entries.size,
  }
}
