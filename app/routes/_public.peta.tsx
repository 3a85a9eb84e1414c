import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { mapOrPortalLoader } from '~/doors/village-info/map-pages.server'
import { VillageMapPage } from '~/components/village-info/village-map-page'
import { useSite } from '~/components/site/use-site'
import { routeSeo } from '~/lib/seo'
import { noQuery } from '~/lib/cache-keys'

/** /peta: the village map (docs/api.md "Village map (peta desa)"). */
export const loader = mapOrPortalLoader

export const handle = { cacheKey: noQuery, regency: true }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Peta Desa',
    description: `Peta ${site.name}: batas desa dan dusun, fasilitas umum, pembangunan, produk dan agenda.`,
  }))

export default function VillageMapScreen() {
  const data = useLoaderData<typeof loader>()
  const site = useSite()
  return <VillageMapPage data={data} siteName={site.name} />
}
