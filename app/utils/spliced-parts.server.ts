import { MARK, type Splicer } from '~/lib/page-splice'
import { villageCache } from './village-cache.server'

/**
 * The HTML of the page parts that are the same on every page of a village until its data version changes
 * (`Spliced`, app/components/site/spliced.tsx; docs/decisions/071-spliced-page-parts.md). One `villageCache`: the
 * village is in every key by construction, and a village's parts go when its data version changes.
 *
 * A page's render gets a `pageSplicer`: a part stored for the request's data version is rendered as a marker and its
 * HTML spliced in after the render (`finish`); a part not stored yet is rendered by React between two markers, and
 * what is between them is kept, when the data version is still the one the request began with (a write meanwhile
 * may have changed what the part shows). The markers never reach the browser, so it gets exactly what a full render
 * would have written, and hydrates it.
 */
const parts = villageCache<string>('the spliced page parts', { maxEntries: 500, maxBytes: 8 * 1024 * 1024 })

/** Where the request's CSP nonce was in a kept part: each page gets its own. */
const NONCE = '\u0000nonce\u0000'

/** Part names go into an attribute and are searched for as they are: letters, digits and a few signs only. */
const SAFE_PART = /^[\w:.,|-]{1,200}$/

const markerOf = (name: string, part: string) => `<template ${name}="${part}"></template>`

export type PageSplicer = {
  splicer: Splicer
  /** The rendered document with every marker replaced (and the parts rendered this time kept). */
  finish: (html: string, versionNow: number | undefined) => string
  /** Whether the render met a part at all (else the document is the render's, untouched). */
  used: () => boolean
}

/**
 * The splicer of one page render at data `version` (the one its request began with; undefined: nothing is stored or
 * spliced, every part is rendered), in the current village's scope. `nonce` is this response's CSP nonce.
 */
export function pageSplicer(version: number | undefined, nonce: string | undefined): PageSplicer {
  const seen = new Map<string, string | null>()
  const stored = version === undefined ? undefined : parts.here()
  const splicer: Splicer = {
    mark(part) {
      // The same part twice on one page is rendered the second time (its markers would be ambiguous).
      if (!stored || !SAFE_PART.test(part) || seen.has(part)) return 'off'
      const html = stored.get(part, version) ?? null
      seen.set(part, html)
      return html === null ? 'render' : 'stored'
    },
  }
  const finish = (html: string, versionNow: number | undefined) => {
    let out = html
    for (const [part, kept] of seen) {
      if (kept !== null) {
        const marker = markerOf(MARK, part)
        const at = out.indexOf(marker)
        if (at === -1) throw new Error(`the marker of the page part ${part} is missing`)
        const spliced = nonce === undefined ? kept : kept.split(NONCE).join(nonce)
        out = out.slice(0, at) + spliced + out.slice(at + marker.length)
        continue
      }
      const start = markerOf(`${MARK}-start`, part)
      const end = markerOf(`${MARK}-end`, part)
      const from = out.indexOf(start)
      const to = out.indexOf(end, from)
      if (from === -1 || to === -1) throw new Error(`the markers of the page part ${part} are missing`)
      const inner = out.slice(from + start.length, to)
      if (stored && versionNow === version) {
        const keep = nonce ? inner.split(nonce).join(NONCE) : inner
        stored.set(part, version, keep, keep.length)
      }
      out = out.slice(0, from) + inner + out.slice(to + end.length)
    }
    return out
  }
  return { splicer, finish, used: () => seen.size > 0 }
}
