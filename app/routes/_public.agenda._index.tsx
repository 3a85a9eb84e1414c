import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CardHeading } from '~/components/shared/cards'
import { Icon } from '~/components/shared/icon'
import { EventGrid } from '~/components/content/event-card'
import { SimplePager } from '~/components/shared/simple-pager'
import { agendaLoader } from '~/doors/content/events.server'
import { routeSeo } from '~/lib/seo'
import { onlyQuery } from '~/lib/cache-keys'
import { HeadedSection } from '~/components/shared/headed-section'

export const loader = agendaLoader

export const handle = { cacheKey: onlyQuery('page', 'lalu') }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Agenda',
    description: `Agenda kegiatan ${site.name}: posyandu, musyawarah desa, kerja bakti dan kegiatan warga lainnya.`,
  }))

const empty = 'rounded-xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center text-gray-500'

/** One of the agenda's two lists: its heading, its events (`children`) and its own pager (`param`). */
function AgendaSection({
  id,
  title,
  page,
  param,
  className,
  children,
}: {
  id: string
  title: string
  page: { current_page: number; last_page: number }
  param: string
  className?: string
  children: React.ReactNode
}) {
  return (
    <HeadedSection id={id} title={title} className={className} heading="xl" spaced>
      {children}
      <SimplePager
        param={param}
        current={page.current_page}
        last={page.last_page}
        label={`Halaman ${title.toLowerCase()}`}
      />
    </HeadedSection>
  )
}

export default function AgendaScreen() {
  const { upcoming, past } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Agenda Desa</h1>
          <p className="mt-1 text-gray-600">Kegiatan pemerintah desa dan warga yang akan datang.</p>
        </div>
        <a
          href="/agenda.ics"
          className={
            'inline-flex items-center gap-2 self-start rounded-lg border border-emerald-700 px-4 py-2 text-sm ' +
            'font-semibold text-emerald-800 hover:bg-emerald-50 md:self-auto'
          }
        >
          <Icon name="calendar" className="h-4 w-4" />
          Langganan Kalender (.ics)
        </a>
      </div>
      <CardHeading.Provider value="h3">
        <AgendaSection id="agenda-mendatang" title="Agenda Mendatang" page={upcoming} param="page">
          {upcoming.data.length ? (
            <EventGrid label="Agenda mendatang" events={upcoming.data} />
          ) : (
            <p role="status" className={empty}>
              Belum ada agenda mendatang.
            </p>
          )}
        </AgendaSection>
        <AgendaSection id="agenda-sebelumnya" title="Agenda Sebelumnya" page={past} param="lalu" className="mt-12">
          {past.data.length ? (
            <EventGrid label="Agenda sebelumnya" events={past.data} past />
          ) : (
            <p className={empty}>Belum ada agenda sebelumnya.</p>
          )}
        </AgendaSection>
      </CardHeading.Provider>
    </div>
  )
}
