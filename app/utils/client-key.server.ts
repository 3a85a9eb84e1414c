import { isIPv4, isIPv6 } from 'node:net'
import { clientAddressOf } from './http.server'

/**
 * The one key every throttle counts a client under (logins, report filings, report lookups; decision 060): an IPv4
 * address whole; an IPv6 address by its /64, the block one household or one server is handed, so that walking the
 * 2^64 addresses of one's own block buys nothing; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as its IPv4
 * address. Anything that is no address at all shares one key, so varying junk buys nothing either.
 */
export function throttleKeyOf(address: string | null): string {
  const text = (address ?? '')
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  const bare = text.split('%')[0]
  if (isIPv4(bare)) return bare
  if (!isIPv6(bare)) return 'unknown'
  const groups = ipv6Groups(bare)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.')
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The throttle key of the request's client (core/front-headers.mjs: its address, behind TRUST_PROXY proxies). */
export const clientKeyOf = (request: Request) => throttleKeyOf(clientAddressOf(request))

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const [head, tail] = text.split('::')
  if (tail === undefined) return parse(head)
  const front = parse(head)
  const back = parse(tail)
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back]
}
