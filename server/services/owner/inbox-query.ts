import { and, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { unknownSource } from '@shared/lead-source-name';
import { wonStatuses, type InboxQuery, type InboxStatus } from '@shared/schemas/owner-inbox';
import { periodRange, type ResultPeriod } from '@shared/schemas/owner-results';
import {
  quoteRequestNotes,
  quoteRequests,
  quoteRequestSources,
  quoteRequestStates,
  textMessages,
  visits,
} from '../../db/schema';

/** What the inbox's list, its counts and its CSV (inbox.ts, inbox-csv.ts) select and filter by. */

// A request stored before its state row existed counts as new.
export const status = sql<InboxStatus>`coalesce(${quoteRequestStates.status}, 'new')`;

// A request without attribution (sent before sources were recorded, or with refused data).
export const source = sql<string>`coalesce(${quoteRequestSources.source}, ${unknownSource})`;

/** When the homeowner's oldest question (asked on an estimate's page, or texted) still waiting for the owner was asked (null: none waits). */
export const openQuestionAt = sql<Date | null>`(select min(waiting.at) from (
  select ${quoteRequestNotes.createdAt} as at from ${quoteRequestNotes}
   where ${quoteRequestNotes.quoteRequestId} = ${quoteRequests.id} and ${quoteRequestNotes.author} = 'homeowner'
     and ${quoteRequestNotes.answeredAt} is null
  union all
  select ${textMessages.createdAt} from ${textMessages}
   where ${textMessages.quoteRequestId} = ${quoteRequests.id} and ${textMessages.direction} = 'in'
     and ${textMessages.answeredAt} is null) waiting)`.mapWith(quoteRequestNotes.createdAt);

/** The request's booked visit (at most one: visits_one_per_request). */
export const bookedVisitStart = sql<Date | null>`(select ${visits.startsAt} from ${visits}
  where ${visits.quoteRequestId} = ${quoteRequests.id} and ${visits.status} = 'booked')`.mapWith(visits.startsAt);
export const bookedVisitEnd = sql<Date | null>`(select ${visits.endsAt} from ${visits}
  where ${visits.quoteRequestId} = ${quoteRequests.id} and ${visits.status} = 'booked')`.mapWith(visits.endsAt);

/**
 * Waiting for the owner: New, or a homeowner's question he has not answered. The New filter and
 * its count hold both, so a question on a quoted request is not missed.
 */
export const waitingForOwner = sql`(${status} = 'new' or ${openQuestionAt} is not null)`;

/** LIKE's own characters in the owner's search are meant literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The requests of the inbox's filter and search; with a period of the results page, only those
 * that page counts for it: arrived in the period (Arizona days), spam aside.
 */
export function matching(query: InboxQuery, period?: ResultPeriod, now = new Date()): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (period) {
    const range = periodRange(period, now);
    conditions.push(gte(quoteRequests.createdAt, range.start), lt(quoteRequests.createdAt, range.end));
    conditions.push(sql`${status} <> 'spam'`);
  }
  // The Won filter holds the finished jobs too (Job done is a won job); New, the questions waiting.
  if (query.status === 'won') conditions.push(inArray(status, [...wonStatuses]));
  else if (query.status === 'new') conditions.push(waitingForOwner);
  else if (query.status !== 'all') conditions.push(sql`${status} = ${query.status}`);
  if (query.source) conditions.push(sql`${source} = ${query.source}`);
  if (query.q) {
    const pattern = likePattern(query.q);
    const fields = [
      quoteRequests.name,
      quoteRequests.phone,
      quoteRequests.email,
      quoteRequests.city,
      quoteRequests.message,
    ];
    const anyField = fields.map((field) => ilike(field, pattern));
    // "9285550100" finds "(928) 555-0100": a number is compared by its digits alone.
    const digits = query.q.replace(/\D/g, '');
    if (digits.length >= 3 && /^[\d\s().+-]+$/.test(query.q))
      anyField.push(sql`regexp_replace(${quoteRequests.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    conditions.push(or(...anyField));
  }
  return and(...conditions);
}
