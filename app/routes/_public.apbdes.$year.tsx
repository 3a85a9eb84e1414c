import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BudgetReport } from '~/components/village-info/budget-report'
import { budgetYearLoader, keepLoaderHeaders } from '~/doors/village-info/transparency.server'
import { routeSeo } from '~/lib/seo'
import { budgetLd } from '~/lib/transparency-ld'
import { useSite } from '~/components/site/use-site'
import styles from '~/styles/transparansi.css?url'
import { noQuery } from '~/lib/cache-keys'

/** /apbdes/{year}: a published year of the village budget (staff who may edit it see a draft too). */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const loader = budgetYearLoader

export const handle = { cacheKey: noQuery }

export const headers = keepLoaderHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: `APBDes ${data.budget.year}`,
    description:
      `Anggaran Pendapatan dan Belanja ${site.name} tahun ${data.budget.year}: ` +
      `anggaran, realisasi dan rinciannya.`,
    jsonLd: budgetLd(site, data.budget),
    noindex: !!data.preview,
  }))

export default function BudgetYearScreen() {
  const { budget, preview, years } = useLoaderData<typeof loader>()
  const site = useSite()
  return <BudgetReport budget={budget} preview={preview} years={years} siteName={site.name} />
}
