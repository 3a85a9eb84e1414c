import { describe, expect, it } from 'vitest'
import { messengerTo, type PrimaryChannel } from '~/utils/write-lock.server'

// A SQLite worker's lock messages to its primary process (app/utils/write-lock.server.ts): once the primary is gone,
// the channel is closed, and a message must end the worker quietly, never as an unhandled EPIPE.

const release = { balaiWriteLock: 'release', id: 1 } as const

describe('lock messages to the primary process', () => {
  it('go out while the channel is open', () => {
    const sent: unknown[] = []
    let gone = 0
    const channel: PrimaryChannel = {
      connected: true,
      send: (message, _handle, _options, callback) => (sent.push(message), callback(null), true),
    }
    messengerTo(channel, () => gone++)(release)
    expect({ sent, gone }).toEqual({ sent: [release], gone: 0 })
  })

  it('end the worker quietly when the channel is closed, the send throws, or it fails later (EPIPE)', () => {
    const failing: PrimaryChannel[] = [
      { connected: false, send: () => true },
      {
        connected: true,
        send: () => {
          throw Object.assign(new Error('Channel closed'), { code: 'ERR_IPC_CHANNEL_CLOSED' })
        },
      },
      {
        connected: true,
        send: (_message, _handle, _options, callback) => {
          callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))
          return false
        },
      },
    ]
    for (const channel of failing) {
      let gone = 0
      expect(() => messengerTo(channel, () => gone++)(release)).not.toThrow()
      expect(gone).toBe(1)
    }
  })
})
