import { describe, expect, it } from 'vitest'
import { throttleKeyOf } from '~/utils/client-key.server'

describe('throttleKeyOf (decision 060)', () => {
  it('keys IPv4 by the whole address', () => {
    expect(throttleKeyOf('203.0.113.7')).toBe('203.0.113.7')
    expect(throttleKeyOf('203.0.113.8')).toBe('203.0.113.8')
  })

  it('keys IPv6 by its /64, whatever its spelling', () => {
    const key = '2001:db8:aa:bb::/64'
    for (const address of [
      '2001:db8:aa:bb::1',
      '2001:0DB8:00aa:00bb:ffff:ffff:ffff:ffff',
      '[2001:db8:aa:bb:1:2:3:4]',
      '2001:db8:aa:bb:1:2:3.4.5.6',
      '2001:db8:aa:bb::9%eth0',
    ])
      expect(throttleKeyOf(address), address).toBe(key)
    expect(throttleKeyOf('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64')
    expect(throttleKeyOf('::1')).toBe('0:0:0:0::/64')
    expect(throttleKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64')
  })

  it('keys an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(throttleKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(throttleKeyOf('::FFFF:cb00:7107')).toBe('203.0.113.7')
    expect(throttleKeyOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('puts what is no address under one key', () => {
    for (const junk of [null, '', 'unknown', 'evil', '1.2.3', '2001:db8::1::2', '::ffff:1.2.3.400'])
      expect(throttleKeyOf(junk), String(junk)).toBe('unknown')
  })
})
