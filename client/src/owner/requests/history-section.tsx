import { arizonaLongDateTime } from '@shared/arizona-time';
import { statusLabels, type RequestDetail, type RequestEvent } from '@shared/schemas/owner-inbox';
import { lostReasonLabels } from '@shared/schemas/owner-money';
import { dollars } from '../app/formats';
import { CardSection } from '../app/card-section';

const tapLabels = { call: 'Call', text: 'Text', email: 'Reply by e-mail' } as const;

/** What a change did, in words: `Marked Won`, `Job value $11,800`, `Lost reason: Price`. */
export function eventText(event: RequestEvent): string {
  switch (event.kind) {
    case 'status':
      return event.status ? `Marked ${statusLabels[event.status] ?? event.status}` : 'Status changed';
    case 'estimate':
      return event.amount === null ? 'Estimate amount cleared' : `Estimate amount ${dollars(event.amount)}`;
    case 'job-value':
      return event.amount === null ? 'Job value cleared' : `Job value ${dollars(event.amount)}`;
    case 'job-value-from-estimate':
      return `Job value ${dollars(event.amount)}, the estimate`;
    case 'lost-reason':
      return event.lostReason ? `Lost reason: ${lostReasonLabels[event.lostReason]}` : 'Lost reason cleared';
    case 'answer':
      return event.via ? `Answered with a tap on ${tapLabels[event.via]}` : 'Answered';
    case 'answer-undone':
      return 'Tap on Call, Text or Reply undone';
    case 'visit-booked':
      return `Booked by you: visit ${visitTime(event)}`;
    case 'visit-moved':
      return `Moved by you: visit ${visitTime(event)}`;
    case 'visit-cancelled':
      return 'Visit cancelled by you';
  }
}

const visitTime = (event: RequestEvent) => (event.visitAt ? arizonaLongDateTime(new Date(event.visitAt)) : '');

/**
 * A request changed before its changes were kept as events: its status moved, or it was
 * answered, with no event to show for it. A new request has nothing missing to explain.
 */
const changedBeforeHistory = (detail: RequestDetail) => detail.status !== 'new' || detail.firstAnsweredAt !== null;

/** The request's timeline: when it came in, then every change the owner made, oldest first, and from which device. */
export function HistorySection({ detail }: { detail: RequestDetail }) {
  return (
    <CardSection title="History">
      <ol className="mt-3 grid gap-2.5 border-l-2 border-cream-200 pl-4">
        <HistoryEntry at={detail.createdAt} text="Request received" />
        {detail.history.map((event) => (
          <HistoryEntry key={event.id} at={event.at} text={eventText(event)} device={event.device} />
        ))}
      </ol>
      {detail.history.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          {changedBeforeHistory(detail)
            ? 'Changes made before the history was kept are not listed.'
            : 'No changes yet.'}
        </p>
      ) : null}
    </CardSection>
  );
}

function HistoryEntry({ at, text, device }: { at: string; text: string; device?: string | null }) {
  return (
    <li className="relative">
      <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-pine-700" />
      <p className="font-semibold break-words text-ink">{text}</p>
      <p className="text-xs text-ink-muted">
        <time dateTime={at}>{arizonaLongDateTime(new Date(at))}</time>
        {device ? ` · ${device}` : null}
      </p>
    </li>
  );
}
