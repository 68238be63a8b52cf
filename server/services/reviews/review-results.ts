import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { unknownSource } from '@shared/lead-source-name';
import type { ReviewSourceRow } from '@shared/schemas/reviews';
import type { Database } from '../../db/client';
import { quoteRequests, quoteRequestSources, reviewRequests } from '../../db/schema';

/**
 * Per source, over the requests that arrived in a period: review requests sent, clicks on their
 * Google link and reviews received, so the owner sees which marketing brings customers happy
 * enough to say so. Sources without a review request are left out.
 */
export async function reviewsBySource(db: Database, range: { start: Date; end: Date }): Promise<ReviewSourceRow[]> {
  const source = sql<string>`coalesce(${quoteRequestSources.source}, ${sql.raw(`'${unknownSource.replace(/'/g, "''")}'`)})`;
  const rows = await db
    .select({
      source,
      sent: sql<number>`count(*) filter (where exists (
        select 1 from deliveries d
         where d.quote_request_id = ${reviewRequests.quoteRequestId} and d.kind = 'review_request' and d.status = 'sent'))`.mapWith(
        Number,
      ),
      googleClicks: sql<number>`coalesce(sum(${reviewRequests.googleClicks}), 0)`.mapWith(Number),
      received: sql<number>`count(*) filter (where exists (
        select 1 from reviews r where r.review_request_id = ${reviewRequests.id}))`.mapWith(Number),
    })
    .from(reviewRequests)
    .innerJoin(quoteRequests, eq(quoteRequests.id, reviewRequests.quoteRequestId))
    .leftJoin(quoteRequestSources, eq(quoteRequestSources.quoteRequestId, quoteRequests.id))
    .where(and(gte(quoteRequests.createdAt, range.start), lt(quoteRequests.createdAt, range.end)))
    .groupBy(sql`1`);
  return rows
    .map((row) => ({
      key: row.source,
      reviewRequestsSent: row.sent,
      googleClicks: row.googleClicks,
      reviewsReceived: row.received,
    }))
    .sort(
      (a, b) =>
        b.reviewsReceived - a.reviewsReceived ||
        b.reviewRequestsSent - a.reviewRequestsSent ||
        a.key.localeCompare(b.key),
    );
}
