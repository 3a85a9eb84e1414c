import pg from 'pg'

/** How long a listener whose connection failed or broke waits before it connects again. */
const RETRY_MS = 1000

/**
 * `LISTEN channel` on a connection of its own to `url`, kept up: a connection that fails or breaks is replaced after
 * RETRY_MS, and `onReady` runs each time one listens (to read what was committed while nobody listened). Used by the
 * data version (its trigger's notifications) and, with REGENCY_HOST, the registry of villages.
 */
export function keepListening(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReady?: () => unknown,
): { close(): Promise<void> } {
  let closed = false
  let current: pg.Client | undefined
  const connect = () => {
    if (closed) return
    const client = new pg.Client({ connectionString: url })
    let replaced = false
    const replace = () => {
      if (replaced) return
      replaced = true
      if (current === client) current = undefined
      client.end().catch(() => undefined)
      if (!closed) setTimeout(connect, RETRY_MS).unref()
    }
    client.on('error', replace)
    client.on('end', replace)
    client.on('notification', (message) => onMessage(message.payload ?? ''))
    client
      .connect()
      .then(() => client.query(`LISTEN "${channel.replaceAll('"', '""')}"`))
      .then(() => {
        current = client
        void Promise.resolve()
          .then(onReady)
          .catch(() => undefined)
      }, replace)
  }
  connect()
  return {
    close: async () => {
      closed = true
      await current?.end().catch(() => undefined)
    },
  }
}
