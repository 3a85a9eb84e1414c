import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SmallMap } from '~/components/village-info/small-map'
import { DetailTop } from '~/components/shared/detail-top'
import { Fact } from '~/components/shared/facts'
import { ArticleImage } from '~/components/shared/upload-image'
import { eventLoader } from '~/doors/content/events.server'
import { eventLd } from '~/lib/event-view'
import { describe, routeSeo } from '~/lib/seo'
import { uploadUrl } from '~/lib/upload-urls'
import { noQuery } from '~/lib/cache-keys'

export const loader = eventLoader

export const handle = { cacheKey: noQuery }

export { keepLoaderHeaders as headers } from '~/doors/site/public.server'

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: data.event.title,
    description: describe(data.event.description, `${data.event.title}: ${data.event.date}, ${data.event.time}.`),
    image: uploadUrl('events', data.event.image),
    imageAlt: data.event.image_alt || undefined,
    jsonLd: eventLd(site, data.event),
    noindex: !!data.preview,
  }))

const action =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ' +
  'focus:outline-none focus:ring-2 focus:ring-emerald-600'

const EventFact = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Fact label={label} termClass="font-semibold text-emerald-900" valueClass="mt-1 text-gray-800">
    {children}
  </Fact>
)

export default function EventScreen() {
  const { event, smallMap, preview } = useLoaderData<typeof loader>()
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <DetailTop resource="events" preview={preview} item={event} />
      <ArticleImage kind="events" item={event} />
      <header className="mt-6">
        {event.ended ? (
          <p className="mb-2 inline-block rounded-full bg-gray-100 px-3 py-1 text-sm font-semibold text-gray-700">
            Sudah berlalu
          </p>
        ) : null}
        <h1 className="text-3xl font-bold leading-tight text-gray-900 md:text-4xl">{event.title}</h1>
        <dl
          className={
            'mt-6 grid gap-4 rounded-xl border border-emerald-100 ' + 'bg-emerald-50/60 p-5 text-sm sm:grid-cols-2'
          }
        >
          <EventFact label="Tanggal">
            <time dateTime={event.startsAt}>{event.date}</time>
          </EventFact>
          <EventFact label="Waktu">{event.time}</EventFact>
          {event.location ? <EventFact label="Tempat">{event.location}</EventFact> : null}
          {event.organizer ? <EventFact label="Penyelenggara">{event.organizer}</EventFact> : null}
        </dl>
        <div className="mt-5 flex flex-wrap gap-3">
          <a href={`/agenda/${event.slug}.ics`} className={`${action} bg-emerald-700 text-white hover:bg-emerald-800`}>
            Simpan ke Kalender (.ics)
          </a>
          <a
            href={event.googleUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${action} border border-emerald-700 text-emerald-800 hover:bg-emerald-50`}
          >
            Tambahkan ke Google Calendar<span className="sr-only"> (membuka tab baru)</span>
          </a>
        </div>
        {smallMap ? <SmallMap map={smallMap} label={event.title} /> : null}
      </header>
      {event.description ? (
        <div className="rich-text mt-8 text-gray-800" dangerouslySetInnerHTML={{ __html: event.description }} />
      ) : null}
    </article>
  )
}
