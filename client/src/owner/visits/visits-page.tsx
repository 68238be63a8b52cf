import { CalendarClock, CircleCheck, MapPin, Phone } from 'lucide-react';
import { Link } from 'wouter';
import { visitPlace, type OwnerVisit } from '@shared/schemas/visits';
import { visitShortDay, visitTimeRange } from '@shared/visit-time';
import { errorMessage } from '../app/owner-api';
import { phoneTarget } from '../app/formats';
import { CardSection } from '../app/card-section';
import { useUpcomingVisits } from './visits-api';
import { CalendarFeedCard } from './calendar-feed-card';
import { DaysOffCard } from './days-off-card';
import { WindowsCard } from './visit-hours-card';
/**
 * /owner/visits: the estimate visits homeowners booked, when they may book them (weekly hours,
 * days off, how far ahead, least notice), and the private calendar feed for the owner's phone.
 */
export function VisitsPage() {
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Estimate visits</h1>
      <p className="mt-1 text-ink-muted">
        After sending a request, homeowners pick a time for the free on-site estimate. All times are Arizona time.
      </p>
      <div className="mt-5 grid gap-5 lg:grid-cols-2">
        {/* The hours he sets come before the calendar's long instructions, on a phone's one column too. */}
        <div className="grid content-start gap-5">
          <UpcomingVisits />
          <WindowsCard />
        </div>
        <div className="grid content-start gap-5">
          <DaysOffCard />
          <CalendarFeedCard />
        </div>
      </div>
    </>
  );
}

function UpcomingVisits() {
  const visits = useUpcomingVisits();
  return (
    <CardSection title="Upcoming visits" icon={CalendarClock}>
      {visits.isPending ? <p className="mt-2 text-ink-muted">Loading…</p> : null}
      {visits.isError ? <p className="mt-2 text-rim-700">{errorMessage(visits.error)}</p> : null}
      {visits.data && visits.data.length === 0 ? (
        <p className="mt-2 text-ink-muted">No visits booked yet. They show up here the moment a homeowner books one.</p>
      ) : null}
      {visits.data && visits.data.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-3">
          {visits.data.map((visit) => (
            <li key={visit.id}>
              <VisitCard visit={visit} />
            </li>
          ))}
        </ul>
      ) : null}
    </CardSection>
  );
}

export function VisitCard({ visit, showRequestLink = true }: { visit: OwnerVisit; showRequestLink?: boolean }) {
  const start = new Date(visit.start);
  const end = new Date(visit.end);
  return (
    <div className="rounded-lg border border-cream-200 bg-cream-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="font-display text-base font-bold text-pine-900">
          {visitShortDay(start)}, {visitTimeRange(start, end)}
        </p>
        {visit.status === 'booked' ? (
          visit.confirmed ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-pine-100 px-2.5 py-0.5 text-sm font-semibold text-pine-800">
              <CircleCheck aria-hidden="true" className="size-4" />
              Confirmed
            </span>
          ) : (
            <span className="rounded-full bg-cream-100 px-2.5 py-0.5 text-sm font-medium text-ink-soft">
              Not confirmed yet
            </span>
          )
        ) : null}
      </div>
      <p className="mt-1 font-semibold text-ink">
        {showRequestLink ? (
          <Link href={`/requests/${visit.requestId}`} className="underline underline-offset-4 hover:text-rim-600">
            {visit.name}
          </Link>
        ) : (
          visit.name
        )}{' '}
        <span className="font-normal text-ink-soft">
          · {visit.projectType} in {visit.city}
        </span>
      </p>
      <p className="mt-1 flex items-start gap-1.5 text-ink-soft">
        <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
        <a
          href={`https://maps.google.com/?q=${encodeURIComponent(`${visit.address.trim() ? `${visit.address}, ` : ''}${visit.city}, AZ`)}`}
          className="underline underline-offset-4"
          target="_blank"
          rel="noreferrer"
        >
          {visitPlace(visit.address, visit.city)}
        </a>
      </p>
      <p className="mt-1 flex items-center gap-1.5 text-ink-soft">
        <Phone aria-hidden="true" className="size-4 shrink-0" />
        <a href={`tel:${phoneTarget(visit.phone)}`} className="underline underline-offset-4">
          {visit.phone}
        </a>
      </p>
    </div>
  );
}
