import { scopedCache } from '#core/scoped-cache.mjs'
import { scopeKey } from './village-scope.server'

/**
 * A module-level cache of village data (core/scoped-cache.mjs, decision 066), with the village in its keys by
 * construction: `what` names it in the OutsideScopeError a regency install throws when it is reached outside any
 * village's scope. The read memo, the search copies and the session memo are each one; a new cache is another.
 */
export const villageCache = <V>(what: string, budget: { maxEntries: number; maxBytes?: number; recency?: boolean }) =>
  scopedCache<V>({ ...budget, what, scopeKey })
