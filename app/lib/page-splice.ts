/**
 * What the server's splicer (app/utils/spliced-parts.server.ts) and the `Spliced` component
 * (app/components/site/spliced.tsx) share: decision 071.
 */
export type Splicer = {
  /** `stored`: render the marker only, the HTML is spliced in; `render`: render it between markers, to be kept. */
  mark: (part: string) => 'stored' | 'render' | 'off'
}

/** The markers' attribute, on a `<template>` of their own, so no text around them is merged or split differently. */
export const MARK = 'data-splice'
