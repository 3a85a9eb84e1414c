import { useContext } from 'react'
import type { EventSummary } from '~/lib/event-view'
import { CardHeading, CardLink } from '~/components/shared/cards'

/** The agenda's card: the date and time as the village reads them, the title linking to the event, the place. */
export function EventCard({ event, past = false }: { event: EventSummary; past?: boolean }) {
  const level = useContext(CardHeading)
  const title = <CardLink to={`/agenda/${event.slug}`}>{event.title}</CardLink>
  const titleClass = 'text-lg font-semibold leading-snug text-gray-900'
  return (
    <article
      className={
        'group relative flex h-full flex-col gap-2 rounded-xl border bg-white p-5 shadow-sm transition ' +
        `focus-within:ring-2 focus-within:ring-emerald-600 hover:shadow-md ${
          past ? 'border-gray-200' : 'border-emerald-200'
        }`
      }
    >
      <p className="text-sm font-semibold text-emerald-800">
        <time dateTime={event.startsAt}>{event.date}</time>
      </p>
      <p className="text-sm text-gray-600">{event.time}</p>
      {level === 'h2' ? <h2 className={titleClass}>{title}</h2> : <h3 className={titleClass}>{title}</h3>}
      {event.location ? (
        <p className="mt-auto flex items-start gap-1.5 pt-1 text-sm text-gray-600">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mt-0.5 h-4 w-4 shrink-0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
            <circle cx="12" cy="10" r="2.5" />
          </svg>
          <span>
            <span className="sr-only">Tempat: </span>
            {event.location}
          </span>
        </p>
      ) : null}
    </article>
  )
}

/** A grid of event cards under a heading of the level above them (CardHeading). */
export function EventGrid({ label, events, past = false }: { label: string; events: EventSummary[]; past?: boolean }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} past={past} />
        </li>
      ))}
    </ul>
  )
}
