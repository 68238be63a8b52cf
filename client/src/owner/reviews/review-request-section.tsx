import { MessageSquare, Star } from 'lucide-react';
import { Link } from 'wouter';
import { arizonaLongDateTime } from '@shared/arizona-time';
import type { RequestDetail } from '@shared/schemas/owner-inbox';
import type { ReviewRequestState } from '@shared/schemas/reviews';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { greeting, textHref } from '../app/formats';
import { useNow } from '../app/parts';
import { CardSection } from '../app/card-section';

type Lead = Pick<RequestDetail, 'name' | 'projectType' | 'phone'>;

/** The review request as a text from the owner's own phone: the same ask and both links. */
export function reviewSmsBody(lead: Lead, review: Pick<ReviewRequestState, 'googleLink' | 'reviewLink'>): string {
  return (
    `${greeting(lead.name)}. Thank you for having us do your ` +
    `${lead.projectType.toLowerCase()}! If you have a minute, a review helps a small local business a lot. ` +
    `On Google: ${review.googleLink} or on our website: ${review.reviewLink}`
  );
}

export const reviewSmsHref = (lead: Lead, review: ReviewRequestState) =>
  textHref(lead.phone, reviewSmsBody(lead, review));

const when = (iso: string) => arizonaLongDateTime(new Date(iso));

/** A finished job's review request: sent, opened, answered, and the same request as a text. */
export function ReviewRequestSection({ detail }: { detail: RequestDetail }) {
  const now = useNow();
  const review = detail.reviewRequest;
  if (!review) return null;
  const emailState = review.sentAt
    ? `Sent ${when(review.sentAt)}`
    : review.unsubscribed
      ? 'Not sent: this address asked for no review requests'
      : Date.parse(review.dueAt) > now.getTime()
        ? `Goes out ${when(review.dueAt)}`
        : 'Waiting to be sent';
  const rows: [string, string][] = [
    ['E-mail', emailState],
    ['Opened', review.openedAt ? when(review.openedAt) : 'Not yet'],
    [
      'Google link',
      review.googleClicks === 0
        ? 'Not clicked yet'
        : `Clicked ${review.googleClicks === 1 ? 'once' : `${review.googleClicks} times`}`,
    ],
    ['Answered', review.answeredAt ? when(review.answeredAt) : 'Not yet'],
  ];

  return (
    <CardSection title="Review request" icon={Star} iconClassName="text-wood-500">
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-bold tracking-wide text-wood-700 uppercase">{label}</dt>
            <dd className="break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {review.answeredAt ? (
        <p className="mt-3 text-sm">
          <Link href="~/owner/reviews" className="font-semibold text-pine-800 underline underline-offset-2">
            Read it in Reviews
          </Link>
        </p>
      ) : null}
      <a
        href={reviewSmsHref(detail, review)}
        className={cn(buttonVariants({ variant: 'outline', size: 'md' }), 'mt-4 w-full sm:w-auto')}
      >
        <MessageSquare aria-hidden="true" />
        Ask for a review by text
      </a>
      <p className="mt-2 text-xs text-ink-muted">Opens your messages app with the request and both links written.</p>
    </CardSection>
  );
}
