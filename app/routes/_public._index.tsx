import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { HomeBudget } from '~/components/village-info/budget-report'
import { AparaturCard, PostCard, ProductCard } from '~/components/shared/cards'
import { Carousel } from '~/components/content/carousel'
import { EventGrid } from '~/components/content/event-card'
import { HomeSlider } from '~/components/content/home-slider'
import { absoluteUrl, routeSeo, villageLd } from '~/lib/seo'
import { useSite } from '~/components/site/use-site'
import { PortalHome } from '~/components/regency/portal'
import { Spliced } from '~/components/site/spliced'
import { homeOrPortalLoader } from '~/doors/regency/regency-portal.server'
import { noQuery } from '~/lib/cache-keys'

/** The village's home page; at the regency host (REGENCY_HOST), the portal's list of villages. */
export const loader = homeOrPortalLoader

export const handle = { cacheKey: noQuery, regency: true }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) =>
    data.portal
      ? {
          title: 'Portal Desa',
          description: `Situs resmi desa-desa di ${site.name}, dengan kabar terbarunya.`,
        }
      : {
          title: 'Selamat Datang',
          description: `Situs resmi ${site.name}: berita, profil desa, aparatur, produk desa dan galeri foto.`,
          jsonLd: [
            villageLd(site),
            { '@type': 'WebSite', name: site.name, url: absoluteUrl(site.url, '/'), inLanguage: 'id' },
          ],
        },
  )

/**
 * The home's sections by id: heading, intro, the "all" link's address and text, what shows when there is nothing,
 * and the carousel's label where the section is one.
 */
const SECTIONS = {
  produk: [
    'Produk Desa',
    'Hasil karya dan usaha warga desa.',
    '/products',
    'Lihat Semua Produk',
    'Belum ada produk.',
    'Produk',
  ],
  berita: ['Berita Terbaru', 'Kabar terkini dari desa.', '/berita', 'Lihat Semua Berita', 'Belum ada berita.', ''],
  agenda: [
    'Agenda Mendatang',
    'Kegiatan desa dalam waktu dekat.',
    '/agenda',
    'Lihat Semua Agenda',
    'Belum ada agenda mendatang.',
    '',
  ],
  aparatur: [
    'Aparatur Desa',
    'Perangkat desa yang siap melayani warga.',
    '/aparaturs',
    'Lihat Semua Aparatur',
    'Belum ada data aparatur.',
    'Aparatur',
  ],
} as const

/** A home section of `items`: its carousel of `carousel` cards, or `children`; the empty text when there are none. */
function Section<T extends { id: number }>({
  id,
  items,
  carousel,
  children,
}: {
  id: keyof typeof SECTIONS
  items: T[]
  carousel?: (item: T) => React.ReactNode
  children?: React.ReactNode
}) {
  const [title, intro, to, more, empty, label] = SECTIONS[id]
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-2xl font-bold text-gray-900 md:text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-gray-600">{intro}</p>
        </div>
        <Link to={to} className="font-semibold text-emerald-700 hover:text-emerald-900 hover:underline">
          {more} <span aria-hidden="true">→</span>
        </Link>
      </div>
      {!items.length ? (
        <p className="text-gray-500">{empty}</p>
      ) : carousel ? (
        <Carousel id={`${id}-carousel`} label={label} items={items} render={carousel} />
      ) : (
        children
      )}
    </section>
  )
}

export default function HomeScreen() {
  const data = useLoaderData<typeof loader>()
  if (data.portal) return <PortalHome villages={data.villages} />
  // The home's sections show the village's data only (its one address, no query): rendered once per data version
  // and spliced (decision 071).
  return (
    <Spliced part="home">
      <VillageHome {...data} />
    </Spliced>
  )
}

function VillageHome({
  sliders,
  products,
  posts,
  aparaturs,
  agenda,
  budget,
}: Omit<Extract<ReturnType<typeof useLoaderData<typeof loader>>, { portal: false }>, 'portal'>) {
  const site = useSite()
  return (
    <>
      <HomeSlider slides={sliders} siteName={site.name} />
      <Section id="produk" items={products} carousel={(product) => <ProductCard product={product} />} />
      <Section id="berita" items={posts}>
        <ul aria-label="Berita terbaru" className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </Section>
      {budget ? <HomeBudget budget={budget} /> : null}
      <Section id="agenda" items={agenda}>
        <EventGrid label="Agenda mendatang" events={agenda} />
      </Section>
      <Section id="aparatur" items={aparaturs} carousel={(aparatur) => <AparaturCard aparatur={aparatur} />} />
    </>
  )
}
