import { CircleCheck, Mail, MessageSquare, Phone, Undo2 } from 'lucide-react';
import { arizonaLongDateTime } from '@shared/arizona-time';
import type { AnswerChannel, RequestDetail } from '@shared/schemas/owner-inbox';
import { buttonVariants } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { useRecordAnswer } from './requests-api';
import { mailtoHref, smsHref } from './answer-messages';
import { phoneTarget } from '../app/formats';
import { useOwnerSignature } from '../settings';
import { waitText } from '../results';

const answeredBy: Record<NonNullable<RequestDetail['firstAnsweredVia']>, string> = {
  status: 'by setting its status',
  visit: 'by booking the visit',
  call: 'by tapping Call',
  text: 'by tapping Text',
  email: 'by tapping Reply by e-mail',
};

/**
 * Call, Text and Reply by e-mail, each opening the phone's own app (the text and the e-mail
 * already written), and each tap recorded as the first answer for the speed-to-lead clock, with undo.
 */
export function AnswerButtons({ detail }: { detail: RequestDetail }) {
  const { record, undo } = useRecordAnswer(detail.id);
  const signature = useOwnerSignature();
  const sessionEnded = useSessionEnded();
  const tapped = (via: AnswerChannel) => () => {
    // The link opens the app at once; the tap is recorded meanwhile (only the first answer counts).
    if (!detail.firstAnsweredAt) record.mutate(via, { onError: sessionEnded });
  };
  const button = (variant: 'primary' | 'secondary') => cn(buttonVariants({ variant, size: 'md' }), 'px-3');
  const answered = detail.firstAnsweredAt ? new Date(detail.firstAnsweredAt) : null;
  const tap =
    detail.firstAnsweredVia === 'call' || detail.firstAnsweredVia === 'text' || detail.firstAnsweredVia === 'email';

  return (
    <>
      <div className="mt-4 grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
        <a href={`tel:${phoneTarget(detail.phone)}`} onClick={tapped('call')} className={button('secondary')}>
          <Phone aria-hidden="true" />
          Call
        </a>
        <a href={smsHref(detail)} onClick={tapped('text')} className={button('secondary')}>
          <MessageSquare aria-hidden="true" />
          Text
        </a>
        <a href={mailtoHref(detail, signature)} onClick={tapped('email')} className={button('primary')}>
          <Mail aria-hidden="true" />
          <span>
            Reply<span className="hidden sm:inline"> by e-mail</span>
          </span>
        </a>
      </div>
      <p role="status" className="mt-2 flex min-h-8 flex-wrap items-center gap-x-2 text-sm text-ink-soft">
        {answered ? (
          <>
            <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-pine-700" />
            <span>
              First answered {answeredBy[detail.firstAnsweredVia ?? 'status']},{' '}
              {waitText((answered.getTime() - Date.parse(detail.createdAt)) / 60_000)} after it came in
              <span className="sr-only"> ({arizonaLongDateTime(answered)})</span>.
            </span>
            {tap ? (
              <button
                type="button"
                disabled={undo.isPending}
                onClick={() =>
                  undo.mutate(undefined, {
                    onSuccess: () => toast({ title: 'The answer was taken back' }),
                    onError: (error) => {
                      sessionEnded(error);
                      toast({ title: 'Could not undo', description: errorMessage(error), variant: 'destructive' });
                    },
                  })
                }
                className="inline-flex h-8 items-center gap-1 rounded-md px-2 font-semibold text-pine-800 underline underline-offset-2 hover:bg-pine-100"
              >
                <Undo2 aria-hidden="true" className="size-4" />
                Undo
              </button>
            ) : null}
          </>
        ) : (
          <span>Not answered yet: a tap on Call, Text or Reply counts as the first answer.</span>
        )}
      </p>
    </>
  );
}
