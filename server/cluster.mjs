import cluster from 'node:cluster'
import { fileURLToPath } from 'node:url'
import { log } from '../core/log.mjs'

/**
 * WEB_CONCURRENCY > 1: this (primary) process has done the start-up work and now runs `count` worker processes
 * that share the port (node:cluster hands connections out in turn). It serves no request itself: it holds the
 * SQLite write lock for the workers (`serveWriteLock`), replaces a worker that dies, and on SIGTERM/SIGINT lets
 * every worker finish its in-flight requests before exiting. `listening()` runs once every worker listens.
 */
export function runPrimary({ count, serveWriteLock, listening }) {
  // Workers run the server itself, never what started the primary (`npm start` migrates and builds first).
  cluster.setupPrimary({ exec: fileURLToPath(new URL('../server.mjs', import.meta.url)), args: [] })
  serveWriteLock(cluster)
  let stopping = false
  let ready = 0
  const fork = () => {
    const worker = cluster.fork()
    worker.once('listening', () => {
      if (++ready === count) listening()
    })
  }
  for (let i = 0; i < count; i++) fork()
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    log.error(
      { event: 'worker-exit', worker: worker.id, workerPid: worker.process.pid, code, signal },
      `worker ${worker.id} (pid ${worker.process.pid}) stopped (${signal ?? code}); starting another`,
    )
    setTimeout(fork, 1000).unref()
  })
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      log.info({ event: 'shutdown', signal }, `${signal}: the workers finish their in-flight requests`)
      const workers = Object.values(cluster.workers ?? {})
      if (!workers.length) process.exit(0)
      for (const worker of workers) worker.process.kill('SIGTERM')
      setTimeout(() => process.exit(0), 12_000).unref()
    })
  }
}
