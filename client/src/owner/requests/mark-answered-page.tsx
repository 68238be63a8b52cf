import { CircleCheck } from 'lucide-react';
import { Link } from 'wouter';
import { arizonaLongDateTime } from '@shared/arizona-time';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { errorMessage, useSessionEnded, useSessionEndedBy } from '../app/owner-api';
import { useRequestDetail, useSetStatus } from './requests-api';
import { cardClass } from '../app/styles';

/**
 * `/owner/requests/<id>/answered`, from the reminder's e-mail and notification: he called from
 * the e-mail, and one tap here stops the reminders. A page with a button, never a link that
 * records on its own: mail scanners open links.
 */
export function MarkAnsweredPage({ id }: { id: string }) {
  const request = useRequestDetail(id);
  const setStatus = useSetStatus(id);
  const sessionEnded = useSessionEnded();
  useSessionEndedBy(request.error);
  const detail = request.data;
  const answeredAt = detail?.firstAnsweredAt ? new Date(detail.firstAnsweredAt) : null;
  const stillNew = detail?.status === 'new' && !answeredAt;

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Mark as answered</h1>
      {request.isPending ? (
        <p role="status" className="mt-4 text-ink-muted">
          Loading…
        </p>
      ) : null}
      {request.isError ? (
        <p role="alert" className={cn(cardClass, 'mt-4 p-5 font-semibold text-rim-700')}>
          {errorMessage(request.error)}
        </p>
      ) : null}
      {detail ? (
        <div className={cn(cardClass, 'mt-4 grid gap-4 p-5')}>
          <p className="text-lg font-semibold text-pine-900">
            {detail.name}: {detail.projectType} in {detail.city}
          </p>
          {stillNew ? (
            <>
              <p className="text-ink-soft">
                Answered by phone, text or e-mail? Mark it answered and no more reminders come for it. It moves to
                Contacted.
              </p>
              <Button
                className="w-full sm:w-max"
                disabled={setStatus.isPending}
                onClick={() => setStatus.mutate({ status: 'contacted' }, { onError: sessionEnded })}
              >
                Mark as answered
              </Button>
              {setStatus.isError ? (
                <p role="alert" className="font-semibold text-rim-700">
                  {errorMessage(setStatus.error)}
                </p>
              ) : null}
            </>
          ) : (
            <p role="status" className="flex items-start gap-2 text-ink">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pine-700" />
              <span>
                Answered{answeredAt ? ` ${arizonaLongDateTime(answeredAt)}` : ''}: no more reminders come for it.
              </span>
            </p>
          )}
          <Link href={`/requests/${id}`} className="font-semibold text-pine-800 underline underline-offset-2">
            Open the request
          </Link>
        </div>
      ) : null}
    </>
  );
}
