import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { reviewPaths, type ReviewRequestState } from '@shared/schemas/reviews';
import { execute, type Database, type DatabaseHandle } from '../../db/client';
import { unsubscribeFromFollowUps } from '../follow-up-unsubscribes';
import {
  deliveries,
  quoteRequests,
  reviewRequests,
  reviews,
  reviewUnsubscribes,
  type DeliveryKind,
} from '../../db/schema';

/** REVIEW_REQUEST_DELAY_MINUTES and REVIEW_REMINDER_DAYS. */
export interface ReviewRequestSettings {
  /** Minutes from Job done to the e-mail (0: at once). Business hours do not apply. */
  delayMinutes: number;
  /** Days from the e-mail to its one reminder (0: no reminder). */
  reminderDays: number;
}

export const defaultReviewRequestSettings: ReviewRequestSettings = { delayMinutes: 120, reminderDays: 5 };

const reviewKinds: DeliveryKind[] = ['review_request', 'review_reminder'];

/**
 * Writes the review request of a request just set to Job done, inside the caller's transaction
 * (the status change's own): its row and its deliveries, the e-mail at Job done plus the delay and
 * the reminder some days after. The request's key makes it once per request, however many times
 * Job done is set and however many servers run. An address that unsubscribed gets the row (the
 * owner may still text the links) but no e-mail. True when deliveries were written.
 *
 * The deliveries are dated when they are due (created_at too), so the outbox's day of retries
 * starts then, not at Job done.
 */
export async function scheduleReviewRequest(
  tx: Database,
  quoteRequestId: string,
  settings: ReviewRequestSettings,
  now = new Date(),
): Promise<boolean> {
  const [request] = await tx
    .select({ email: quoteRequests.email })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, quoteRequestId));
  if (!request) return false;
  const email = request.email.trim().toLowerCase();
  const dueAt = new Date(now.getTime() + settings.delayMinutes * 60_000);
  const [written] = await tx
    .insert(reviewRequests)
    .values({ quoteRequestId, token: newToken(), email, dueAt })
    .onConflictDoNothing({ target: reviewRequests.quoteRequestId })
    .returning({ id: reviewRequests.id });
  if (!written) return false;
  const [unsubscribed] = await tx
    .select({ email: reviewUnsubscribes.email })
    .from(reviewUnsubscribes)
    .where(eq(reviewUnsubscribes.email, email));
  if (unsubscribed) return false;
  await tx
    .insert(deliveries)
    .values({ quoteRequestId, kind: 'review_request', nextAttemptAt: dueAt, createdAt: dueAt });
  if (settings.reminderDays > 0) {
    const reminderAt = new Date(dueAt.getTime() + settings.reminderDays * 24 * 3600_000);
    await tx
      .insert(deliveries)
      .values({ quoteRequestId, kind: 'review_reminder', nextAttemptAt: reminderAt, createdAt: reminderAt });
  }
  return true;
}

/**
 * A request set back from Job done before its e-mail went out (a mis-tap): the e-mail and the
 * reminder are not sent, and the request is forgotten, so Job done set again asks anew.
 */
export async function withdrawUnsentReviewRequest(tx: Database, quoteRequestId: string): Promise<void> {
  const sent = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.quoteRequestId, quoteRequestId),
        eq(deliveries.kind, 'review_request'),
        sql`(${deliveries.status} <> 'pending' or ${deliveries.attempts} > 0)`,
      ),
    )
    .limit(1);
  if (sent.length > 0) return;
  await tx
    .delete(deliveries)
    .where(and(eq(deliveries.quoteRequestId, quoteRequestId), inArray(deliveries.kind, reviewKinds)));
  await tx.delete(reviewRequests).where(eq(reviewRequests.quoteRequestId, quoteRequestId));
}

/** 32 random bytes: a link nobody guesses. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The reminder is not needed once the homeowner clicked or answered: it is removed before it goes. */
async function cancelReminder(db: Pick<Database, 'execute'>, quoteRequestId: string) {
  await db.execute(sql`
    delete from deliveries
     where quote_request_id = ${quoteRequestId} and kind = 'review_reminder' and status = 'pending'`);
}

export interface ReviewRequestOfToken {
  id: string;
  quoteRequestId: string;
  name: string;
  projectType: string;
  answered: boolean;
}

/** What the public links of a review request record: visits, Google clicks, unsubscribes. */
export function createReviewRequests(database: DatabaseHandle) {
  const { db } = database;

  return {
    /** The request of a token, without recording anything; null for an unknown token. */
    async lookup(token: string): Promise<ReviewRequestOfToken | null> {
      const [row] = await db
        .select({
          id: reviewRequests.id,
          quoteRequestId: reviewRequests.quoteRequestId,
          name: quoteRequests.name,
          projectType: quoteRequests.projectType,
          review: reviews.id,
        })
        .from(reviewRequests)
        .innerJoin(quoteRequests, eq(quoteRequests.id, reviewRequests.quoteRequestId))
        .leftJoin(reviews, eq(reviews.reviewRequestId, reviewRequests.id))
        .where(eq(reviewRequests.token, token));
      if (!row) return null;
      const { review, ...rest } = row;
      return { ...rest, answered: review !== null };
    },

    /**
     * A visit of the review page: the first one is when it was opened, and a visit, like a click on
     * the Google link, means no reminder. Null for an unknown token.
     */
    async open(token: string): Promise<ReviewRequestOfToken | null> {
      const request = await this.lookup(token);
      if (!request) return null;
      await database.transaction(async (tx) => {
        await tx.execute(
          sql`update review_requests set opened_at = coalesce(opened_at, now()) where id = ${request.id}`,
        );
        await cancelReminder(tx, request.quoteRequestId);
      });
      return request;
    },

    /** A click on the Google link: counted, the request opened, and no reminder after it. False for an unknown token. */
    async googleClick(token: string): Promise<boolean> {
      return database.transaction(async (tx) => {
        const { rows } = await execute<{ quote_request_id: string }>(
          tx,
          sql`
          update review_requests
             set google_clicks = google_clicks + 1,
                 first_google_click_at = coalesce(first_google_click_at, now()),
                 opened_at = coalesce(opened_at, now())
           where token = ${token}
          returning quote_request_id`,
        );
        const row = rows[0];
        if (!row) return false;
        await cancelReminder(tx, row.quote_request_id);
        return true;
      });
    },

    /**
     * No more review requests, nor estimate follow-ups, to this address (follow-up-unsubscribes.ts):
     * its unsent ones are removed, and later Job dones write none. False for an unknown token.
     */
    async unsubscribe(token: string): Promise<boolean> {
      return database.transaction(async (tx) => {
        const [request] = await tx
          .select({ email: reviewRequests.email })
          .from(reviewRequests)
          .where(eq(reviewRequests.token, token));
        if (!request) return false;
        await unsubscribeFromFollowUps(tx, request.email);
        return true;
      });
    },

    /** Whether the address of this token unsubscribed; null for an unknown token. */
    async isUnsubscribed(token: string): Promise<boolean | null> {
      const [row] = await db
        .select({ unsubscribed: reviewUnsubscribes.email })
        .from(reviewRequests)
        .leftJoin(reviewUnsubscribes, eq(reviewUnsubscribes.email, reviewRequests.email))
        .where(eq(reviewRequests.token, token));
      return row ? row.unsubscribed !== null : null;
    },
  };
}

export type ReviewRequests = ReturnType<typeof createReviewRequests>;

/** A review was sent: the reminder is not needed (inside the review's own transaction). */
export { cancelReminder as cancelReviewReminder };

/** The review request of one request, for its page in the owner's app; null before Job done. */
export async function reviewRequestState(
  db: Database,
  quoteRequestId: string,
  siteUrl: string,
): Promise<ReviewRequestState | null> {
  const [row] = await db
    .select({
      request: reviewRequests,
      answeredAt: reviews.createdAt,
      unsubscribed: reviewUnsubscribes.email,
    })
    .from(reviewRequests)
    .leftJoin(reviews, eq(reviews.reviewRequestId, reviewRequests.id))
    .leftJoin(reviewUnsubscribes, eq(reviewUnsubscribes.email, reviewRequests.email))
    .where(eq(reviewRequests.quoteRequestId, quoteRequestId));
  if (!row) return null;
  const [sent] = await db
    .select({ sentAt: deliveries.sentAt })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.quoteRequestId, quoteRequestId),
        eq(deliveries.kind, 'review_request'),
        eq(deliveries.status, 'sent'),
      ),
    )
    .limit(1);
  const { request } = row;
  const link = (path: string) => new URL(path, siteUrl).toString();
  return {
    dueAt: request.dueAt.toISOString(),
    sentAt: sent?.sentAt?.toISOString() ?? null,
    openedAt: request.openedAt?.toISOString() ?? null,
    googleClicks: request.googleClicks,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    unsubscribed: row.unsubscribed !== null,
    googleLink: link(reviewPaths.google(request.token)),
    reviewLink: link(reviewPaths.review(request.token)),
  };
}
