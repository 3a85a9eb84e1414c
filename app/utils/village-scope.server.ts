import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Many villages in one install (docs/decisions/055-many-villages-one-install.md): which database a request reads and
 * writes. The HTTP front resolves the Host to a village and runs the whole request inside that village's scope;
 * everything below the models that holds a connection or remembers data (the Prisma client, the public reads'
 * reader, the data version, the memos, the storage prefix) asks the scope for its own copy through `perVillage`.
 * Models and doors never name a village, so no query can reach another village's rows.
 *
 * Outside any scope (one village, no REGENCY_HOST; the scripts), `perVillage` gives one copy per process, as before.
 */
export type VillageScope = {
  /** The village's id, or `regency` for the regency's own database. */
  id: string
  /** The village's slug (`regency` for the regency). */
  slug: string
  /** Its SQLite file ('' on PostgreSQL). */
  databaseFile: string
  /** Its PostgreSQL schema (`village_{id}`, `regency`; '' on SQLite). */
  databaseSchema: string
  /** The prefix of its uploads in the storage (`villages/{id}/`), '' for the regency. */
  storagePrefix: string
  /** What `perVillage` made for this scope, and how to close it when the scope is closed. */
  state: Map<object, unknown>
  closers: (() => unknown)[]
}

const scopes = new AsyncLocalStorage<VillageScope>()

/** The scope this code runs in, or undefined outside of any (one village). */
export const currentScope = (): VillageScope | undefined => scopes.getStore()

/** Whose data the caller reads, for keys of caches all villages share: '' outside of any scope. */
export const scopeKey = (): string => scopes.getStore()?.id ?? ''

/** Runs `work` (and everything it awaits or starts) in `scope`. */
export const inScope = <T>(scope: VillageScope, work: () => T): T => scopes.run(scope, work)

export function newScope(fields: Omit<VillageScope, 'state' | 'closers'>): VillageScope {
  return { ...fields, state: new Map(), closers: [] }
}

/** Closes what the scope's state holds (its connections); the scope must not be used afterwards. */
export async function closeScope(scope: VillageScope) {
  const closers = scope.closers.splice(0)
  scope.state.clear()
  for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => undefined)
}

/**
 * State of one village: `make` runs once per scope (once per process outside of any), on first use. `close`, when
 * given, runs when the scope is closed (the least recently used village's connections, say).
 */
export function perVillage<T>(make: (scope: VillageScope | undefined) => T, close?: (value: T) => unknown): () => T {
  const key = {}
  let single: { value: T } | undefined
  return () => {
    const scope = scopes.getStore()
    if (!scope) return (single ??= { value: make(undefined) }).value
    if (scope.state.has(key)) return scope.state.get(key) as T
    const value = make(scope)
    scope.state.set(key, value)
    if (close) scope.closers.push(() => close(value))
    return value
  }
}
