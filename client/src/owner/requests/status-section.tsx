import { useId, useRef } from 'react';
import { arizonaLongDateTime } from '@shared/arizona-time';
import { inboxStatuses, isWon, statusLabels, type InboxStatus, type RequestDetail } from '@shared/schemas/owner-inbox';
import { amountNames, parseDollars } from '@shared/schemas/owner-money';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { useSetStatus } from './requests-api';
import { DealFields } from './deal-fields';
import { cardClass, controlClass } from '../app/styles';

/**
 * The request's status, and under it the amounts it asks for. A won status takes with it the
 * job value the page shows (typed and not saved yet): one action stores both. Without one, the
 * server takes the estimate.
 */
export function StatusSection({ detail }: { detail: RequestDetail }) {
  const setStatus = useSetStatus(detail.id);
  const sessionEnded = useSessionEnded();
  const jobValueDraft = useRef<string | null>(null);
  const id = useId();

  const change = (status: InboxStatus) => {
    let jobValue: number | null | undefined;
    const draft = jobValueDraft.current;
    if (isWon(status) && draft !== null) {
      const parsed = parseDollars(draft, amountNames.jobValue);
      if (!parsed.ok) {
        toast({ title: 'The status was not changed', description: parsed.problem, variant: 'destructive' });
        return;
      }
      if (parsed.value !== detail.jobValue) jobValue = parsed.value;
    }
    setStatus.mutate(
      { status, ...(jobValue !== undefined ? { jobValue } : {}) },
      {
        onSuccess: (state) =>
          toast({
            title: `Marked ${statusLabels[state.status]}`,
            description:
              isWon(state.status) && state.jobValue !== null
                ? `Job value $${state.jobValue.toLocaleString('en-US')}`
                : undefined,
          }),
        onError: (error) => {
          sessionEnded(error);
          toast({ title: 'The status was not changed', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    // Not a named region: the select's label alone says "Status" (one thing found by that name).
    <div className={cn(cardClass, 'p-5')}>
      <label htmlFor={id} className="block font-display text-lg font-bold text-pine-900">
        Status
      </label>
      <select
        id={id}
        value={setStatus.isPending && setStatus.variables ? setStatus.variables.status : detail.status}
        disabled={setStatus.isPending}
        onChange={(event) => change(event.target.value as InboxStatus)}
        className={cn(controlClass, 'mt-1.5 h-12 px-3')}
      >
        {inboxStatuses.map((status) => (
          // Job done follows Won: it asks the homeowner for a review, which a mis-tap on a new
          // request must not send.
          <option key={status} value={status} disabled={status === 'done' && !isWon(detail.status)}>
            {statusLabels[status]}
          </option>
        ))}
      </select>
      {statusWasChanged(detail) ? (
        <p className="mt-2 text-sm text-ink-muted">
          Last changed {arizonaLongDateTime(new Date(detail.statusChangedAt!))}
        </p>
      ) : null}
      <DealFields detail={detail} jobValueDraft={jobValueDraft} />
    </div>
  );
}

/** The state row is written with the request, so only a later time is a change by the owner. */
const statusWasChanged = (detail: RequestDetail) =>
  detail.statusChangedAt !== null && Date.parse(detail.statusChangedAt) - Date.parse(detail.createdAt) > 5_000;
