import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { AparaturCard, type AparaturSummary } from '~/components/public/cards'
import { PublicList } from '~/components/public/list-controls'
import { publicPage } from '~/doors/public.server'
import { aparaturSummary } from '~/lib/summaries'
import { routeSeo } from '~/lib/seo'
import { listPublicAparaturs } from '~/models/aparatur.server'

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  publicPage(request, context, listPublicAparaturs, aparaturSummary)

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
