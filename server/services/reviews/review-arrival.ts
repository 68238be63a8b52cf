import type { MailMessage, AlertSettings } from '../alerts/types';
import type { PushNotificationPayload } from '../push/notification';

/** What the owner is told of a review that arrived: who, how many stars, and that it waits for him. */
export interface ArrivedReview {
  displayName: string;
  stars: number;
  text: string;
  consent: boolean;
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** "New review from Hannah H., 5 stars: approve it to show it" (without consent: it cannot be shown). */
export function reviewArrivalTitle(review: ArrivedReview): string {
  const stars = `${review.stars} ${review.stars === 1 ? 'star' : 'stars'}`;
  return `New review from ${oneLine(review.displayName)}, ${stars}: ${
    review.consent ? 'approve it to show it' : 'not for the website (no consent)'
  }`;
}

export function reviewArrivalMessage(review: ArrivedReview, settings: AlertSettings): MailMessage {
  const subject = reviewArrivalTitle(review);
  const page = new URL('/owner/reviews', settings.siteUrl).toString();
  return {
    from: settings.from,
    to: settings.ownerEmail,
    subject,
    text: [
      subject,
      '',
      oneLine(review.text) ? `“${review.text.trim()}”` : '(no text)',
      '',
      `Open your reviews: ${page}`,
      '',
    ].join('\n'),
  };
}

export function reviewArrivalPush(review: ArrivedReview, reviewId: string): PushNotificationPayload {
  return {
    title: reviewArrivalTitle(review),
    body: oneLine(review.text).slice(0, 140),
    url: '/owner/reviews',
    tag: `review-${reviewId}`,
  };
}
