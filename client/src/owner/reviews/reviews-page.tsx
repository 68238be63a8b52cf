import { Check, EyeOff, Lock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { arizonaLongDateTime } from '@shared/arizona-time';
import type { OwnerReview } from '@shared/schemas/reviews';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { errorMessage, useSessionEnded, useSessionEndedBy } from '../app/owner-api';
import { useDecideReview, useReviews } from './reviews-api';
import { StarRating } from './star-rating';
import { cardClass } from '../app/styles';

const statusText: Record<OwnerReview['status'], string> = {
  new: 'New',
  approved: 'On the website',
  hidden: 'Hidden',
};
const statusStyle: Record<OwnerReview['status'], string> = {
  new: 'bg-rim-600 text-white',
  approved: 'bg-pine-700 text-white',
  hidden: 'bg-cream-200 text-ink-soft',
};

/** Every review the homeowners sent: the owner approves what the site shows, or hides it. */
export function ReviewsPage() {
  const reviews = useReviews();
  useSessionEndedBy(reviews.error);
  const list = reviews.data?.reviews;

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Reviews</h1>
      <p className="mt-1 text-ink-soft">
        What your customers wrote after a job marked Job done. Approved reviews show on the home page and the matching
        service page within seconds.
      </p>
      {reviews.data && reviews.data.reviewsWaiting > 0 ? (
        <p className="mt-2 font-semibold text-pine-900">
          {reviews.data.reviewsWaiting} {reviews.data.reviewsWaiting === 1 ? 'review waits' : 'reviews wait'} for you to
          approve or hide.
        </p>
      ) : null}
      {reviews.isPending ? (
        <p role="status" className="mt-6 text-ink-muted">
          Loading…
        </p>
      ) : null}
      {reviews.isError && !list ? (
        <div role="alert" className={cn(cardClass, 'mt-4 p-5')}>
          <p className="font-semibold text-rim-700">{errorMessage(reviews.error)}</p>
        </div>
      ) : null}
      {list && list.length === 0 ? (
        <p className={cn(cardClass, 'mt-5 p-5 text-ink-muted')}>
          No reviews yet. Set a finished job to Job done and the customer is asked for one.
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <ul className="mt-5 grid gap-4" aria-label="Reviews">
          {list.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

function ReviewCard({ review }: { review: OwnerReview }) {
  const decide = useDecideReview();
  const sessionEnded = useSessionEnded();
  const id = useId();
  const act = (decision: 'approve' | 'hide') =>
    decide.mutate(
      { id: review.id, decision },
      {
        onSuccess: () =>
          toast({ title: decision === 'approve' ? 'Approved: it shows on the website' : 'Hidden from the website' }),
        onError: (error) => {
          sessionEnded(error);
          toast({ title: 'Nothing was changed', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );

  return (
    <li className={cn(cardClass, 'p-4 sm:p-5')} aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating stars={review.stars} />
        <span
          className={cn(
            'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase',
            statusStyle[review.status],
          )}
        >
          {statusText[review.status]}
        </span>
      </div>
      {review.text ? (
        <blockquote className="mt-3 text-lg leading-relaxed break-words whitespace-pre-wrap text-ink">
          “{review.text}”
        </blockquote>
      ) : (
        <p className="mt-3 text-ink-muted">Stars only, no words.</p>
      )}
      <p id={`${id}-name`} className="mt-2 font-semibold text-pine-900">
        {review.displayName}
      </p>
      <p className="mt-1 text-sm text-ink-soft">
        <Link
          href={`/requests/${review.request.id}`}
          className="font-semibold text-pine-800 underline underline-offset-2"
        >
          {review.request.name}
        </Link>
        {' · '}
        {review.request.projectType} in {review.request.city} ·{' '}
        <time dateTime={review.createdAt}>{arizonaLongDateTime(new Date(review.createdAt))}</time>
      </p>
      {review.consent ? null : (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-cream-100 p-3 text-sm text-ink-soft">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The customer did not allow this one on the website: it is for you alone, and cannot be approved.
        </p>
      )}
      <div className="mt-4 grid grid-cols-2 gap-2 sm:flex">
        <Button
          variant="secondary"
          size="md"
          disabled={!review.consent || review.status === 'approved' || decide.isPending}
          onClick={() => act('approve')}
        >
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button
          variant="outline"
          size="md"
          disabled={review.status === 'hidden' || decide.isPending}
          onClick={() => act('hide')}
        >
          <EyeOff aria-hidden="true" />
          Hide
        </Button>
      </div>
    </li>
  );
}
