import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import { visitCancelReasonMaxLength, type OwnerVisit } from '@shared/schemas/visits';
import { visitWhen } from '@shared/visit-time';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { CardSection } from '../app/card-section';
import { CopyButton } from '../app/copy-button';
import { toastFailure } from '../app/feedback';
import { firstName as firstNameOf } from '../app/formats';
import { useSessionEnded } from '../app/owner-api';
import { OwnerVisitForm } from './owner-visit-form';
import { controlClass, labelClass } from '../app/styles';
import { useOwnerVisitBooking, useRequestVisit } from './visits-api';
import { VisitCard } from './visits-page';

/**
 * The request's estimate visit, on its page (loaded beside the request: nothing shows until it
 * is there): the visit, booked by the homeowner or by the owner for the time agreed on the
 * phone, with Book a visit, Move the visit and Cancel the visit; and the homeowner's booking link
 * to copy or text him.
 */
export function RequestVisit({ detail }: { detail: RequestDetail }) {
  const id = useId();
  const request = useRequestVisit(detail.id);
  const { cancel } = useOwnerVisitBooking(detail.id);
  const sessionEnded = useSessionEnded();
  const [mode, setMode] = useState<'view' | 'book' | 'cancel'>('view');
  const [reason, setReason] = useState('');
  if (!request.data) return null;
  const visit = request.data.visit;
  const booked = visit?.status === 'booked' ? visit : null;
  const firstName = firstNameOf(detail.name);
  const by = (who: OwnerVisit['changedBy']) => (who === 'owner' ? 'by you' : 'by the homeowner');

  const confirmCancel = () =>
    cancel.mutate(reason, {
      onSuccess: () => {
        toast({
          title: 'Visit cancelled',
          description: `${firstName} gets an e-mail saying you cancelled it, with the link to pick a new time.`,
        });
        setReason('');
        setMode('view');
      },
      onError: (error) => {
        sessionEnded(error);
        toastFailure('Could not cancel the visit')(error);
      },
    });

  return (
    <CardSection title="Estimate visit" icon={CalendarClock}>
      {booked ? (
        <div className="mt-3">
          <VisitCard visit={booked} showRequestLink={false} />
          <p className="mt-1.5 text-sm text-ink-muted">
            {booked.changedBy === 'owner' ? 'Booked by you.' : 'Booked by the homeowner.'}
          </p>
        </div>
      ) : visit ? (
        <p className="mt-2 text-ink-soft">
          Cancelled {by(visit.changedBy)} (was {visitWhen(new Date(visit.start), new Date(visit.end))}).
          {visit.changedBy === 'owner' && visit.cancelReason ? ` Your reason: ${visit.cancelReason}` : null}
        </p>
      ) : (
        <p className="mt-2 text-ink-muted">
          Not booked. The homeowner can pick a time from the link in the receipt, or you book the time you agreed.
        </p>
      )}

      {mode === 'book' ? (
        <OwnerVisitForm
          requestId={detail.id}
          firstName={firstName}
          visit={booked}
          lastAddress={visit?.address ?? ''}
          onDone={() => setMode('view')}
        />
      ) : mode === 'cancel' && booked ? (
        <div role="group" aria-label="Cancel the visit" className="mt-4 rounded-lg bg-cream-50 p-4">
          <p className="font-semibold text-ink">
            Cancel the visit on {visitWhen(new Date(booked.start), new Date(booked.end))}?
          </p>
          <p className="mt-1 text-sm text-ink-soft">
            {firstName} gets an e-mail saying you cancelled it, with the link to pick a new time.
          </p>
          <label htmlFor={`${id}-reason`} className={cn(labelClass, 'mt-3')}>
            Reason for {firstName} (optional)
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            rows={2}
            maxLength={visitCancelReasonMaxLength}
            onChange={(event) => setReason(event.target.value)}
            className={cn(controlClass, 'mt-1 px-3 py-2')}
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="button" variant="primary" size="sm" disabled={cancel.isPending} onClick={confirmCancel}>
              Yes, cancel it
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={() => setMode('view')}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={() => setMode('book')}>
            {booked ? 'Move the visit' : 'Book a visit'}
          </Button>
          {booked ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setMode('cancel')}>
              Cancel the visit
            </Button>
          ) : null}
        </div>
      )}

      {detail.visitUrl ? <BookingLink url={detail.visitUrl} firstName={firstName} /> : null}
    </CardSection>
  );
}

/** The homeowner's booking page, to copy into a text or an e-mail to him. */
function BookingLink({ url, firstName }: { url: string; firstName: string }) {
  return (
    <div className="mt-4 border-t border-cream-200 pt-3">
      <p className="text-sm text-ink-soft">With this link {firstName} can pick or change the time of the visit:</p>
      <div className="mt-1 flex items-start gap-2">
        <a
          href={url}
          className="min-w-0 flex-1 text-sm font-semibold break-all text-pine-800 underline underline-offset-2"
        >
          {url}
        </a>
        <CopyButton text={url} what="the link" size="sm" />
      </div>
    </div>
  );
}
