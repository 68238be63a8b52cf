import { Star } from 'lucide-react';
import type { PublicReview } from '@shared/schemas/reviews';
import { SectionHeading } from '@/components/ui/section-heading';
import { cn } from '@/lib/utils';

// Made when a review is first shown: an Intl formatter is costly to create, and the router's code
// runs this module while a held click waits (app/navigation/start-router.ts).
let dayFormat: Intl.DateTimeFormat | undefined;
const monthOf = (day: string) => {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
};

/**
 * What customers said, in their words: the reviews the owner approved, newest first. Plain HTML
 * and deliberately no review or rating structured data: Google ignores (and may penalise)
 * reviews a business publishes about itself on its own site.
 * Nothing renders without reviews, so the page reads as before.
 */
export function Testimonials({
  reviews,
  id = 'testimonials',
  eyebrow = 'Testimonials',
  title = 'What Our Customers Say',
  intro,
  className,
}: {
  reviews: readonly PublicReview[];
  id?: string;
  eyebrow?: string;
  title?: string;
  intro?: string;
  className?: string;
}) {
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby={id} className={cn('bg-cream-100', className)}>
      <div className="container-site py-16 sm:py-20">
        <SectionHeading id={id} eyebrow={eyebrow} title={title}>
          {intro}
        </SectionHeading>
        <ReviewCards reviews={reviews} className="mt-10 lg:grid-cols-3" />
      </div>
    </section>
  );
}

/** The approved reviews as cards: stars, the words, the name to show, the project and the month. */
export function ReviewCards({ reviews, className }: { reviews: readonly PublicReview[]; className?: string }) {
  return (
    <ul className={cn('grid gap-5 md:grid-cols-2', className)}>
      {reviews.map((review) => (
        <li key={review.id}>
          <figure className="flex h-full flex-col rounded-2xl border border-cream-200 bg-white p-6 shadow-sm">
            <p className="flex gap-0.5">
              <span className="sr-only">{`${review.stars} out of 5 stars`}</span>
              {[1, 2, 3, 4, 5].map((n) => (
                <Star
                  key={n}
                  aria-hidden="true"
                  className={cn('size-5', n <= review.stars ? 'fill-wood-500 text-wood-500' : 'text-cream-200')}
                />
              ))}
            </p>
            <blockquote className="mt-4 flex-1 text-lg leading-relaxed break-words whitespace-pre-line text-ink">
              <p>“{review.text}”</p>
            </blockquote>
            <figcaption className="mt-5 border-t border-cream-200 pt-4">
              <span className="block font-semibold text-pine-900">{review.displayName}</span>
              <span className="block text-sm text-ink-muted">
                {review.projectType === 'Other' ? 'Project' : review.projectType} · {monthOf(review.date)}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
