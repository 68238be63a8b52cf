import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { estimates, quoteRequests, reviewUnsubscribes } from '../db/schema';

/**
 * One-click unsubscribe (RFC 8058) from the homeowner's follow-ups: the review request and its
 * reminder, and an estimate's follow-ups, each carry `List-Unsubscribe` to a link of their own
 * (`/review/<token>/unsubscribe`, `/estimate/<token>/unsubscribe`). Either stops both kinds for
 * her address: its pending ones are removed now, later ones are not written (review requests) or
 * dropped as they are sent (estimate follow-ups). Booking confirmations, visit reminders, the
 * estimate itself and approvals are answers she asked for, and still go. The addresses are kept
 * in review_unsubscribes (lower-cased), the table review requests began with.
 */
export async function unsubscribeFromFollowUps(tx: Database, address: string): Promise<void> {
  const email = address.trim().toLowerCase();
  await tx.insert(reviewUnsubscribes).values({ email }).onConflictDoNothing();
  await tx.execute(sql`
    delete from deliveries
     where status = 'pending'
       and kind in ('review_request', 'review_reminder', 'estimate_follow_up')
       and quote_request_id in (select id from quote_requests where lower(trim(email)) = ${email})`);
}

export async function unsubscribedFromFollowUps(db: Database, address: string): Promise<boolean> {
  const [row] = await db
    .select({ email: reviewUnsubscribes.email })
    .from(reviewUnsubscribes)
    .where(eq(reviewUnsubscribes.email, address.trim().toLowerCase()));
  return Boolean(row);
}

/** The homeowner's address of a sent estimate's link; null for a link of no sent estimate. */
export async function estimateAddress(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ email: quoteRequests.email, status: estimates.status })
    .from(estimates)
    .innerJoin(quoteRequests, eq(quoteRequests.id, estimates.quoteRequestId))
    .where(eq(estimates.token, token));
  return row && row.status !== 'draft' ? row.email : null;
}
