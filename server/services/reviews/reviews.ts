import { and, desc, eq, sql } from 'drizzle-orm';
import { arizonaDay } from '@shared/arizona-time';
import { serviceSlugOfProjectType } from '@shared/content/project-services';
import type { OwnerReview, PublicReview, ReviewForm } from '@shared/schemas/reviews';
import type { Database, DatabaseHandle } from '../../db/client';
import { deliveries, pushSubscriptions, quoteRequests, reviewRequests, reviews } from '../../db/schema';
import { HttpError } from '../errors';
import { cancelReviewReminder } from './review-requests';

export const reviewDecisionMessages = {
  noConsent: 'This review cannot be approved: the customer did not allow it on the website.',
  notFound: 'There is no such review.',
} as const;

export type SubmitOutcome = 'stored' | 'used' | 'unknown';

export interface ReviewsOptions {
  /** Inside the transaction of an Approve or Hide: what the site shows changes with it (the content version). */
  inDecision?: (tx: Database) => Promise<unknown>;
  /** Called after a review was approved or hidden and committed: what the site shows changed. */
  onPublishedChange?: () => void | Promise<void>;
  /** A review arrived and the owner's e-mail and pushes were written to the outbox (wakes its worker). */
  onOwnerNotified?: () => void;
}

/** Reviews: stored once per request's token, listed and decided by the owner, shown once approved. */
export function createReviews(database: DatabaseHandle, options: ReviewsOptions = {}) {
  const { db } = database;

  async function decide(id: string, status: 'approved' | 'hidden'): Promise<OwnerReview['status']> {
    const row = await database.transaction(async (tx) => {
      const [updated] = await tx
        .update(reviews)
        .set({ status, statusChangedAt: new Date() })
        .where(and(eq(reviews.id, id), status === 'approved' ? eq(reviews.consent, true) : undefined))
        .returning({ status: reviews.status });
      if (updated) await options.inDecision?.(tx);
      return updated;
    });
    if (!row) {
      const [exists] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id));
      if (!exists) throw new HttpError(404, reviewDecisionMessages.notFound);
      throw new HttpError(409, reviewDecisionMessages.noConsent);
    }
    await options.onPublishedChange?.();
    return row.status;
  }

  return {
    /** The review of a token: stored once; a second one (a reload, a second tab) is 'used'. */
    async submit(token: string, review: ReviewForm): Promise<SubmitOutcome> {
      const outcome = await database.transaction(async (tx): Promise<SubmitOutcome> => {
        const [request] = await tx
          .select({ id: reviewRequests.id, quoteRequestId: reviewRequests.quoteRequestId })
          .from(reviewRequests)
          .where(eq(reviewRequests.token, token));
        if (!request) return 'unknown';
        const [stored] = await tx
          .insert(reviews)
          .values({
            reviewRequestId: request.id,
            stars: review.stars,
            body: review.text,
            displayName: review.displayName,
            consent: review.consent,
          })
          .onConflictDoNothing({ target: reviews.reviewRequestId })
          .returning({ id: reviews.id });
        if (!stored) return 'used';
        await tx.execute(
          sql`update review_requests set opened_at = coalesce(opened_at, now()) where id = ${request.id}`,
        );
        await cancelReviewReminder(tx, request.quoteRequestId);
        // The owner is told, through the outbox, in the same transaction: an e-mail and a push per device.
        const devices = await tx
          .select({ id: pushSubscriptions.id, label: pushSubscriptions.label })
          .from(pushSubscriptions);
        await tx.insert(deliveries).values([
          { quoteRequestId: request.quoteRequestId, kind: 'review_owner_alert' as const },
          ...devices.map((device) => ({
            quoteRequestId: request.quoteRequestId,
            kind: 'review_push' as const,
            pushSubscriptionId: device.id,
            deviceLabel: device.label,
          })),
        ]);
        return 'stored';
      });
      if (outcome === 'stored') options.onOwnerNotified?.();
      return outcome;
    },

    /** Reviews the owner has not decided on yet: the Reviews tab's count. */
    async waiting(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(reviews)
        .where(eq(reviews.status, 'new'));
      return row?.count ?? 0;
    },

    /** The latest review of a request (what its arrival's e-mail and push say). */
    async latestFor(quoteRequestId: string) {
      const [row] = await db
        .select({ review: reviews })
        .from(reviews)
        .innerJoin(reviewRequests, eq(reviewRequests.id, reviews.reviewRequestId))
        .where(eq(reviewRequests.quoteRequestId, quoteRequestId))
        .orderBy(desc(reviews.createdAt))
        .limit(1);
      return row?.review ?? null;
    },

    /** Every review, newest first, with its request (the owner's list). */
    async list(): Promise<OwnerReview[]> {
      const rows = await db
        .select({ review: reviews, request: quoteRequests })
        .from(reviews)
        .innerJoin(reviewRequests, eq(reviewRequests.id, reviews.reviewRequestId))
        .innerJoin(quoteRequests, eq(quoteRequests.id, reviewRequests.quoteRequestId))
        .orderBy(desc(reviews.createdAt));
      return rows.map(({ review, request }) => ({
        id: review.id,
        stars: review.stars,
        text: review.body,
        displayName: review.displayName,
        consent: review.consent,
        status: review.status,
        createdAt: review.createdAt.toISOString(),
        request: { id: request.id, name: request.name, projectType: request.projectType, city: request.city },
      }));
    },

    /** Only a review with consent: 409 otherwise, 404 when there is none. */
    approve: (id: string) => decide(id, 'approved'),
    hide: (id: string) => decide(id, 'hidden'),
  };
}

export type Reviews = ReturnType<typeof createReviews>;

/**
 * The approved reviews, newest first, as the site shows them: the name the homeowner chose, the
 * project type and its service page; nothing else about them.
 */
export async function approvedReviews(db: Database): Promise<PublicReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      stars: reviews.stars,
      text: reviews.body,
      displayName: reviews.displayName,
      createdAt: reviews.createdAt,
      projectType: quoteRequests.projectType,
    })
    .from(reviews)
    .innerJoin(reviewRequests, eq(reviewRequests.id, reviews.reviewRequestId))
    .innerJoin(quoteRequests, eq(quoteRequests.id, reviewRequests.quoteRequestId))
    // consent again: the database refuses an approval without it, and the site never relies on one check.
    .where(and(eq(reviews.status, 'approved'), eq(reviews.consent, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => ({
    id: row.id,
    stars: row.stars,
    text: row.text,
    displayName: row.displayName,
    projectType: row.projectType,
    serviceSlug: serviceSlugOfProjectType(row.projectType),
    date: arizonaDay(row.createdAt),
  }));
}
