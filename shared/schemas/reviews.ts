import { z } from 'zod';

/**
 * Reviews: what a homeowner sends from /review/<token> (a plain HTML form, rendered and read by
 * the server), what the owner sees and decides at /owner/reviews, and what the site shows. The same
 * definitions for the server, the owner's app and the public pages.
 */

export const maxReviewLength = 2000;
export const maxDisplayNameLength = 60;

/** The review page's field names, as posted by its form. */
export const reviewFields = {
  stars: 'stars',
  text: 'text',
  displayName: 'displayName',
  consent: 'consent',
} as const;

export const reviewLabels = {
  heading: 'How did we do?',
  stars: (count: number) => `${count} ${count === 1 ? 'star' : 'stars'}`,
  text: 'Your review',
  displayName: 'Name to show',
  consent: 'You may show this on the website',
  submit: 'Send review',
} as const;

export const reviewMessages = {
  stars: 'Choose from 1 to 5 stars.',
  text: `A review can have at most ${maxReviewLength} characters.`,
  displayName: 'Write the name to show with your review.',
  displayNameLength: `The name can have at most ${maxDisplayNameLength} characters.`,
  /** Answers with consent need something to show. */
  textForSite: 'Write a few words to show on the website, or leave the box below unticked.',
} as const;

// eslint-disable-next-line no-control-regex -- control characters in a typed text are never meant
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const typed = (max: number, message: string) =>
  z
    .string()
    .catch('')
    .transform((value) => value.replace(controlCharacters, '').replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(max, message));

/** The posted review form; every field arrives as text (a checkbox as `on` when ticked). */
export const reviewFormSchema = z
  .object({
    stars: z.coerce
      .number(reviewMessages.stars)
      .int(reviewMessages.stars)
      .min(1, reviewMessages.stars)
      .max(5, reviewMessages.stars),
    text: typed(maxReviewLength, reviewMessages.text),
    displayName: typed(maxDisplayNameLength, reviewMessages.displayNameLength).pipe(
      z.string().min(1, reviewMessages.displayName),
    ),
    consent: z
      .unknown()
      .optional()
      .transform((value) => value === 'on' || value === 'true' || value === true),
  })
  .superRefine((review, ctx) => {
    if (review.consent && !review.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: reviewMessages.textForSite });
  });
export type ReviewForm = z.output<typeof reviewFormSchema>;
export type ReviewFieldName = keyof typeof reviewFields;

/** "Hannah Hughes" -> "Hannah H.": the first name and the last name's initial, as a review is signed. */
export function displayNameOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  const initial = last ? ` ${[...last][0]!.toUpperCase()}.` : '';
  return `${first}${initial}`.slice(0, maxDisplayNameLength);
}

export const reviewStatuses = ['new', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** One review in the owner's list (GET /api/owner/reviews). */
export interface OwnerReview {
  id: string;
  stars: number;
  text: string;
  displayName: string;
  consent: boolean;
  status: ReviewStatus;
  createdAt: string;
  /** The request it answers: its page, the homeowner's name and the project. */
  request: { id: string; name: string; projectType: string; city: string };
}

export interface OwnerReviewList {
  reviews: OwnerReview[];
  /** Reviews still New: waiting for the owner's Approve or Hide (the Reviews tab's count). */
  reviewsWaiting: number;
}

/** What the request's page shows of its review request. */
export interface ReviewRequestState {
  /** When the e-mail is due (Job done plus the delay). */
  dueAt: string;
  /** When the e-mail went out; null while it waits (or failed). */
  sentAt: string | null;
  /** The first visit of either link. */
  openedAt: string | null;
  googleClicks: number;
  /** When the homeowner sent a review on the site. */
  answeredAt: string | null;
  /** The address asked not to get review requests. */
  unsubscribed: boolean;
  /** The links, for the one-tap text from the owner's phone. */
  googleLink: string;
  reviewLink: string;
}

/** An approved review, as the site shows it: no e-mail, no full name. */
export interface PublicReview {
  id: string;
  stars: number;
  text: string;
  displayName: string;
  projectType: string;
  /** The service page it also shows on (a service slug), or null when no service matches. */
  serviceSlug: string | null;
  /** `2026-11-25`, the Arizona day it was sent. */
  date: string;
}

/** The public paths of a review request's token. */
export const reviewPaths = {
  google: (token: string) => `/r/${token}`,
  review: (token: string) => `/review/${token}`,
  unsubscribe: (token: string) => `/review/${token}/unsubscribe`,
} as const;

/** Tokens are 32 random bytes, base64url (43 characters). */
export const reviewTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The results page's reviews by source: over the requests that arrived in the period. */
export interface ReviewSourceRow {
  /** The source's name, as in the results' bySource. */
  key: string;
  /** Review request e-mails that went out. */
  reviewRequestsSent: number;
  /** Clicks on their Google link. */
  googleClicks: number;
  /** Reviews sent on the site. */
  reviewsReceived: number;
}
