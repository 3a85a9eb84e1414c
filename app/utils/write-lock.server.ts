import { AsyncResource } from 'node:async_hooks'
import cluster from 'node:cluster'
import pg from 'pg'
import { afterWrite } from './data-version.server'
import { getEnv } from './config.server'
import { log } from './error-log.server'
import { currentScope } from './village-scope.server'

/**
 * Writes one at a time, across every worker and instance (docs/decisions/011-writes-across-workers-and-instances.md).
 * Check-then-write rules (unique names, free slugs, "the last admin") read and write inside one serializeWrite, so
 * they cannot race, and the database's unique constraints stay as a second guard.
 * - In this process: a queue (Prisma shares one SQLite connection; a write must never join another's transaction).
 * - Between the workers of one server on SQLite: a lock held by the primary process, asked for over IPC.
 * - Between instances (and workers) on PostgreSQL: `pg_advisory_lock` on a connection of this process's own,
 *   released by PostgreSQL itself if the process dies.
 * Once the work is done, this process's caches are made to see it (afterWrite) before the write is answered.
 */
const WRITE_LOCK = 7_361_205
const STARTUP_LOCK = 7_361_206
/** A writer waiting this long for the lock gives up with an error rather than hang the request. */
const LOCK_TIMEOUT_MS = 30_000

let queue: Promise<unknown> = Promise.resolve()

export function serializeWrite<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(() => withProcessLock(work)).finally(afterWrite)
  queue = run.catch(() => undefined)
  return run
}

function withProcessLock<T>(work: () => Promise<T>): Promise<T> {
  if (getEnv().DATABASE_PROVIDER === 'postgresql') return withAdvisoryLock(WRITE_LOCK, work)
  if (cluster.isWorker) return withPrimaryLock(work)
  return work()
}

/**
 * Start-up work (seed, upload sweep) of instances that start together runs one instance at a time on
 * PostgreSQL; on SQLite the primary does it before any worker exists.
 */
export function withStartupLock<T>(work: () => Promise<T>): Promise<T> {
  return getEnv().DATABASE_PROVIDER === 'postgresql' ? withAdvisoryLock(STARTUP_LOCK, work) : work()
}

// --- PostgreSQL: advisory locks on a connection of our own --------------------------------------------------

let lockClient: Promise<pg.Client> | undefined

function lockConnection(): Promise<pg.Client> {
  lockClient ??= (async () => {
    const client = new pg.Client({ connectionString: getEnv().DATABASE_URL })
    const forget = () => {
      lockClient = undefined
      client.end().catch(() => undefined)
    }
    client.on('error', forget)
    client.on('end', forget)
    try {
      await client.connect()
      await client.query(`SET lock_timeout = ${LOCK_TIMEOUT_MS}`)
      return client
    } catch (error) {
      forget()
      throw error
    }
  })()
  return lockClient
}

/**
 * With REGENCY_HOST each village's schema has a lock of its own (the pair of the key and the schema's name), so one
 * village's writes never wait for another's across instances.
 */
async function withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T> {
  const client = await lockConnection()
  const schema = currentScope()?.databaseSchema
  const [lock, unlock, args] = schema
    ? [
        'SELECT pg_advisory_lock($1::int, hashtext($2))',
        'SELECT pg_advisory_unlock($1::int, hashtext($2))',
        [key, schema],
      ]
    : ['SELECT pg_advisory_lock($1)', 'SELECT pg_advisory_unlock($1)', [key]]
  await client.query(lock, args)
  try {
    return await work()
  } finally {
    await client.query(unlock, args).catch(() => {
      // The connection broke: PostgreSQL released the lock with it.
    })
  }
}

// --- SQLite workers: a lock held by the primary process -------------------------------------------------------

type LockMessage = { balaiWriteLock: 'acquire' | 'granted' | 'release'; id: number }
const isLockMessage = (message: unknown): message is LockMessage =>
  typeof message === 'object' && message !== null && 'balaiWriteLock' in message

let nextId = 0
let listening = false
const granted = new Map<number, () => void>()

/**
 * A worker whose primary process is gone (killed, out of memory) can neither take nor give back the lock, and gets no
 * new connection: it stops quietly instead of failing on the closed channel with an EPIPE stack trace. (Node stops a
 * worker itself once it sees the channel close; a lock message sent before that is what this catches.)
 */
function primaryGone() {
  log.info({ event: 'primary-gone' }, 'the primary process is gone: this worker stops')
  process.exit(0)
}

/** The part of a worker's `process` that talks to the primary. */
export type PrimaryChannel = {
  connected?: boolean
  send?: (message: unknown, handle: undefined, options: object, callback: (error: Error | null) => void) => boolean
}

/**
 * Sends lock messages on `channel`; when it is closed (not connected, a send that throws or fails later with EPIPE),
 * calls `gone` instead of leaving an error unhandled.
 */
export const messengerTo = (channel: PrimaryChannel, gone: () => void) => (message: LockMessage) => {
  if (!channel.connected || !channel.send) return gone()
  try {
    channel.send(message, undefined, {}, (error) => {
      if (error) gone()
    })
  } catch {
    gone()
  }
}

const toPrimary = messengerTo(process as PrimaryChannel, primaryGone)

function withPrimaryLock<T>(work: () => Promise<T>): Promise<T> {
  if (!listening) {
    listening = true
    process.on('message', (message) => {
      if (isLockMessage(message) && message.balaiWriteLock === 'granted') granted.get(message.id)?.()
    })
  }
  const id = ++nextId
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      granted.delete(id)
      toPrimary({ balaiWriteLock: 'release', id })
      reject(new Error('Timed out waiting for the write lock'))
    }, LOCK_TIMEOUT_MS)
    // The grant arrives as a message from the primary: the work runs in the context of its caller (with REGENCY_HOST,
    // its village's scope: decision 055), not in the message's.
    granted.set(
      id,
      AsyncResource.bind(() => {
        clearTimeout(timer)
        granted.delete(id)
        work()
          .then(resolve, reject)
          .finally(() => toPrimary({ balaiWriteLock: 'release', id }))
      }),
    )
    toPrimary({ balaiWriteLock: 'acquire', id })
  })
}

/**
 * The primary's side (server.mjs calls it once with node:cluster): grants the lock to one worker at a time in the
 * order asked; a worker that exits gives up what it held or waited for.
 */
export function serveWriteLock(primary: typeof cluster) {
  type Holder = { worker: number; id: number }
  const waiting: Holder[] = []
  let holder: Holder | undefined
  const grant = () => {
    while (!holder && waiting.length) {
      const next = waiting.shift()!
      const worker = primary.workers?.[next.worker]
      if (!worker || worker.isDead()) continue
      holder = next
      worker.send({ balaiWriteLock: 'granted', id: next.id } satisfies LockMessage)
    }
  }
  primary.on('message', (worker, message) => {
    if (!isLockMessage(message)) return
    if (message.balaiWriteLock === 'acquire') {
      waiting.push({ worker: worker.id, id: message.id })
    } else if (message.balaiWriteLock === 'release') {
      if (holder?.worker === worker.id && holder.id === message.id) holder = undefined
      else {
        const at = waiting.findIndex((entry) => entry.worker === worker.id && entry.id === message.id)
        if (at !== -1) waiting.splice(at, 1)
      }
    }
    grant()
  })
  primary.on('exit', (worker) => {
    if (holder?.worker === worker.id) holder = undefined
    for (let at = waiting.length - 1; at >= 0; at--) if (waiting[at].worker === worker.id) waiting.splice(at, 1)
    grant()
  })
}
