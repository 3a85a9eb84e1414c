import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BudgetReport, NoBudget } from '~/components/village-info/budget-report'
import { budgetIndexLoader } from '~/doors/village-info/transparency.server'
import { routeSeo } from '~/lib/seo'
import { budgetLd } from '~/lib/transparency-ld'
import { useSite } from '~/components/site/use-site'
import styles from '~/styles/transparansi.css?url'
import { noQuery } from '~/lib/cache-keys'

/** /apbdes: the newest published year of the village budget. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const loader = budgetIndexLoader

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) =>
    data.budget
      ? {
          title: `APBDes ${data.budget.year}`,
          description:
            `Anggaran Pendapatan dan Belanja ${site.name} tahun ${data.budget.year}: ` +
            'anggaran, realisasi dan rinciannya.',
          jsonLd: budgetLd(site, data.budget),
        }
      : { title: 'APBDes', description: `Anggaran Pendapatan dan Belanja ${site.name}.` },
  )

export default function BudgetIndexScreen() {
  const { budget, preview, years } = useLoaderData<typeof loader>()
  const site = useSite()
  return budget ? <BudgetReport budget={budget} preview={preview} years={years} siteName={site.name} /> : <NoBudget />
}
