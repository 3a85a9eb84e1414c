import { MARK, type Splicer } from '~/lib/page-splice'
import { villageCache } from './village-cache.server'

/**
 * The HTML of the page parts that are the same on every page of a village until its data version changes
 * (`Spliced`, app/components/site/spliced.tsx; docs/decisions/071-spliced-page-parts.md), and the cards of the public
 * lists (decision 090). One `villageCache`: the village is in every key by construction, and a village's parts go
 * when its data version changes.
 *
 * A page's render gets a `pageSplicer`: a part stored for the request's data version is rendered as a marker and its
 * HTML spliced in after the render (`finish`); a part not stored yet is rendered by React between two markers, and
 * what is between them is kept, when the data version is still the one the request began with (a write meanwhile
 * may have changed what the part shows). The markers never reach the browser, so it gets exactly what a full render
 * would have written, and hydrates it.
 *
 * The budget, every village's parts together: a village's header, footer, banner and home sections take about ten
 * entries, a list's card about 1.5 KB (decision 090). 16 MB keep the cards of 10,000 posts, the bench village's; the
 * parts read last stay when there are more (a regency's many villages), and a village's go with its data version.
 */
const parts = villageCache<Buffer[]>('the spliced page parts', {
  maxEntries: 20_000,
  maxBytes: 16 * 1024 * 1024,
  recency: true,
})

/** Part names go into an attribute and are searched for as they are: letters, digits and a few signs only. */
const SAFE_PART = /^[\w:.,|-]{1,200}$/

const markerOf = (name: string, part: string) => `<template ${name}="${part}"></template>`

export type PageSplicer = {
  splicer: Splicer
  /**
   * The rendered document (its bytes, as React wrote them) with every marker replaced, and the parts rendered this
   * time kept. Bytes in, bytes out: the document is never decoded into a string and encoded again.
   */
  finish: (html: Buffer, versionNow: number | undefined) => Buffer<ArrayBuffer>
  /** Whether the render met a part at all (else the document is the render's, untouched). */
  used: () => boolean
}

/**
 * A copy of `bytes` in memory of its own: `Buffer.from` takes a small copy out of Node's shared 8 KB pool, and a kept
 * part would keep its whole block alive, so the budget's count would not be the memory held.
 */
function own(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length)
  copy.set(bytes)
  return copy
}

/** `bytes` cut at each `nonce`: a kept part without the request's nonce, which each page puts back with its own. */
function cutAt(bytes: Buffer, nonce: Buffer | undefined): Buffer[] {
  if (!nonce || nonce.length === 0) return [own(bytes)]
  const pieces: Buffer[] = []
  let from = 0
  for (let at = bytes.indexOf(nonce); at !== -1; at = bytes.indexOf(nonce, from)) {
    pieces.push(own(bytes.subarray(from, at)))
    from = at + nonce.length
  }
  pieces.push(own(bytes.subarray(from)))
  return pieces
}

/** A kept part with this page's nonce between its pieces. */
function joinedWith(pieces: Buffer[], nonce: Buffer | undefined): Buffer[] {
  if (pieces.length === 1 || !nonce) return pieces
  const out: Buffer[] = [pieces[0]]
  for (let i = 1; i < pieces.length; i++) out.push(nonce, pieces[i])
  return out
}

/**
 * The splicer of one page render at data `version` (the one its request began with; undefined: nothing is stored or
 * spliced, every part is rendered), in the current village's scope. `nonce` is this response's CSP nonce.
 * `versionAtRender` is the version when the render begins, after the loaders: when a write came in between, the
 * loaders may have read rows newer than the parts kept under `version`, so nothing is spliced or kept (and the
 * village's parts of the newer version are not dropped by a look under the older one).
 */
export function pageSplicer(
  version: number | undefined,
  nonce: string | undefined,
  versionAtRender: number | undefined = version,
): PageSplicer {
  const seen = new Map<string, Buffer[] | null>()
  const stored = version === undefined || versionAtRender !== version ? undefined : parts.here()
  const nonceBytes = nonce === undefined ? undefined : Buffer.from(nonce)
  const splicer: Splicer = {
    mark(part) {
      // The same part twice on one page is rendered the second time (its markers would be ambiguous).
      if (!stored || !SAFE_PART.test(part) || seen.has(part)) return 'off'
      const pieces = stored.get(part, version) ?? null
      seen.set(part, pieces)
      return pieces === null ? 'render' : 'stored'
    },
  }
  const finish = (html: Buffer, versionNow: number | undefined) => {
    // Where each part goes: the bytes from..to of the render are replaced by `insert`. Markers are ASCII.
    const cuts: { from: number; to: number; insert: Buffer[] }[] = []
    for (const [part, kept] of seen) {
      if (kept !== null) {
        const marker = markerOf(MARK, part)
        const at = html.indexOf(marker)
        if (at === -1) throw new Error(`the marker of the page part ${part} is missing`)
        cuts.push({ from: at, to: at + marker.length, insert: joinedWith(kept, nonceBytes) })
        continue
      }
      const start = markerOf(`${MARK}-start`, part)
      const end = markerOf(`${MARK}-end`, part)
      const from = html.indexOf(start)
      const to = from === -1 ? -1 : html.indexOf(end, from)
      if (from === -1 || to === -1) throw new Error(`the markers of the page part ${part} are missing`)
      const inner = html.subarray(from + start.length, to)
      if (stored && versionNow === version) stored.set(part, version, cutAt(inner, nonceBytes), inner.length)
      cuts.push({ from, to: to + end.length, insert: [inner] })
    }
    cuts.sort((a, b) => a.from - b.from)
    const out: Uint8Array[] = []
    let at = 0
    for (const cut of cuts) {
      out.push(html.subarray(at, cut.from), ...cut.insert)
      at = cut.to
    }
    out.push(html.subarray(at))
    return Buffer.concat(out)
  }
  return { splicer, finish, used: () => seen.size > 0 }
}
