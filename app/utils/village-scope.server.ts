import { AsyncLocalStorage } from 'node:async_hooks'
import { getEnv } from './config.server'

/**
 * Many villages in one install (docs/decisions/055-many-villages-one-install.md): which database a request reads and
 * writes. The HTTP front resolves the Host to a village and runs the whole request inside that village's scope;
 * everything below the models that holds a connection or remembers data (the Prisma client, the public reads'
 * reader, the data version, the memos, the storage prefix) asks the scope for its own copy through `perVillage`.
 * Models and doors never name a village, so no query can reach another village's rows.
 *
 * Without REGENCY_HOST (one village) there is no scope: `perVillage` gives one copy per process and `scopeKey()` is ''.
 * With REGENCY_HOST both fail closed (decision 064): reached outside any scope they throw, naming what was reached,
 * so a forgotten scope is an error and never the root uploads folder or the default database. The regency's own work
 * (start-up, sweeps, its console and portal) runs in `regencyScope()` or a village's scope, named explicitly.
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

let hosting: boolean | undefined
/** Whether this install hosts many villages (REGENCY_HOST): then every village's state needs a scope. */
const manyVillages = () => (hosting ??= getEnv().REGENCY_HOST !== '')

/** Thrown when code reaches a village's state with REGENCY_HOST outside of any scope: a bug, never a 4xx. */
export class OutsideScopeError extends Error {
  constructor(what: string) {
    super(
      `${what} reached outside any village scope: with REGENCY_HOST it runs only in a village's scope or the ` +
        "regency's (inScope, inVillage, regencyScope)",
    )
    this.name = 'OutsideScopeError'
  }
}

/**
 * Whose data the caller reads: the one helper every module-level cache keys by (response cache, read memo, search
 * copies, session memo, login log memo...), so one village's entry is never another's. '' with one village; with
 * REGENCY_HOST the scope's id, and outside of any scope an OutsideScopeError naming `what`.
 */
export function scopeKey(what = 'a cache of village data'): string {
  const scope = scopes.getStore()
  if (scope) return scope.id
  if (manyVillages()) throw new OutsideScopeError(what)
  return ''
}

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
 * State of one village, `what` (named in the error outside a scope): `make` runs once per scope on first use, and
 * with one village (no REGENCY_HOST) once per process, given no scope. `close`, when given, runs when the scope is
 * closed (the least recently used village's connections, say). With REGENCY_HOST, outside of any scope: an
 * OutsideScopeError, never a copy of the process's own.
 */
export function perVillage<T>(
  what: string,
  make: (scope: VillageScope | undefined) => T,
  close?: (value: T) => unknown,
): () => T {
  const key = {}
  let single: { value: T } | undefined
  return () => {
    const scope = scopes.getStore()
    if (!scope) {
      if (manyVillages()) throw new OutsideScopeError(what)
      return (single ??= { value: make(undefined) }).value
    }
    if (scope.state.has(key)) return scope.state.get(key) as T
    const value = make(scope)
    scope.state.set(key, value)
    if (close) scope.closers.push(() => close(value))
    return value
  }
}
