import type { MetaFunction } from '@remix-run/node'
import { AparaturCard, type AparaturSummary } from '~/components/shared/cards'
import { PublicList } from '~/components/shared/list-controls'
import { routeSeo } from '~/lib/seo'
import { aparatursLoader } from '~/doors/content/public-pages.server'
import { listQuery } from '~/lib/cache-keys'

export const loader = aparatursLoader

export const handle = { cacheKey: listQuery() }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({ title: 'Aparaturs', description: `Daftar aparatur pemerintahan ${site.name}.` }))

export default function AparatursScreen() {
  return (
    <PublicList
      of="aparaturs"
      card={(aparatur: AparaturSummary, eager) => <AparaturCard aparatur={aparatur} eager={eager} />}
    />
  )
}
