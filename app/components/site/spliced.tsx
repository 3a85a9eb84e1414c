import { createContext, useContext, type ReactNode } from 'react'
import { MARK, type Splicer } from '~/lib/page-splice'

/**
 * A part of every public page that is the same on each of a village's pages until its data version changes (the
 * header for a given current menu entry, the footer, the announcement banner): the server renders it once per data
 * version and splices the stored HTML into the next pages' documents (app/utils/spliced-parts.server.ts,
 * docs/decisions/071-spliced-page-parts.md). The browser always renders the part itself, and hydrates the same markup
 * it would have got from a full render: the splice replaces markers only, never React's own output.
 *
 * `part` names the markup exactly: two renders given the same part (and the same data version) must write the same
 * HTML, so whatever the part reads of the request besides the data (the current menu entry, the year) is in it.
 */
const SplicerContext = createContext<Splicer | null>(null)

/** The server's per-request splicer (app/entry.server.tsx); none in the browser. */
export const SplicerProvider = SplicerContext.Provider

export function Spliced({ part, children }: { part: string; children: ReactNode }) {
  const splicer = useContext(SplicerContext)
  const mode = splicer ? splicer.mark(part) : 'off'
  if (mode === 'stored') return <template {...{ [MARK]: part }} />
  if (mode === 'off') return <>{children}</>
  // A part inside the part being kept is rendered into it: its markers must not be kept with it.
  return (
    <>
      <template {...{ [`${MARK}-start`]: part }} />
      <SplicerContext.Provider value={null}>{children}</SplicerContext.Provider>
      <template {...{ [`${MARK}-end`]: part }} />
    </>
  )
}
