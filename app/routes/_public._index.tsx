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

function Section({
  id,
  title,
  intro,
  more,
  children,
}: {
  id: string
  title: string
  intro: string
  more: { to: string; label: string }
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-2xl font-bold text-gray-900 md:text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-gray-600">{intro}</p>
        </div>
        <Link to={more.to} className="font-semibold text-emerald-700 hover:text-emerald-900 hover:underline">
          {more.label} <span aria-hidden="true">→</span>
        </Link>
      </div>
      {children}
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
      <Section
        id="produk"
        title="Produk Desa"
        intro="Hasil karya dan usaha warga desa."
        more={{ to: '/products', label: 'Lihat Semua Produk' }}
      >
        {products.length ? (
          <Carousel
            id="produk-carousel"
            label="Produk"
            items={products}
            render={(product) => <ProductCard product={product} />}
          />
        ) : (
          <p className="text-gray-500">Belum ada produk.</p>
        )}
      </Section>
      <Section
        id="berita"
        title="Berita Terbaru"
        intro="Kabar terkini dari desa."
        more={{ to: '/berita', label: 'Lihat Semua Berita' }}
      >
        {posts.length ? (
          <ul aria-label="Berita terbaru" className="grid grid-cols-1 gap-6 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-gray-500">Belum ada berita.</p>
        )}
      </Section>
      {budget ? <HomeBudget budget={budget} /> : null}
      <Section
        id="agenda"
        title="Agenda Mendatang"
        intro="Kegiatan desa dalam waktu dekat."
        more={{ to: '/agenda', label: 'Lihat Semua Agenda' }}
      >
        {agenda.length ? (
          <EventGrid label="Agenda mendatang" events={agenda} />
        ) : (
          <p className="text-gray-500">Belum ada agenda mendatang.</p>
        )}
      </Section>
      <Section
        id="aparatur"
        title="Aparatur Desa"
        intro="Perangkat desa yang siap melayani warga."
        more={{ to: '/aparaturs', label: 'Lihat Semua Aparatur' }}
      >
        {aparaturs.length ? (
          <Carousel
            id="aparatur-carousel"
            label="Aparatur"
            items={aparaturs}
            render={(aparatur) => <AparaturCard aparatur={aparatur} />}
          />
        ) : (
          <p className="text-gray-500">Belum ada data aparatur.</p>
        )}
      </Section>
    </>
  )
}
