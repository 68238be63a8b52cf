import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { RequestEventKind } from '@shared/schemas/owner-inbox';
import type { LostReason } from '@shared/schemas/owner-money';
import { requestReference, type AnswerChannel, type LeadStatus } from './requests';
import { zonedTime } from './columns';

/**
 * The history of a request: one dated row per change the owner made (a status, an amount, the
 * lost reason; a tap recorded as the first answer, and its undo), never updated or deleted, so
 * the timeline, the speed-to-lead clock and the results can be worked out again from it.
 * quote_request_states holds where they led. `id` orders changes made in the same instant.
 */
export const quoteRequestEvents = pgTable(
  'quote_request_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    quoteRequestId: requestReference().notNull(),
    at: zonedTime('at').notNull().defaultNow(),
    kind: text('kind').$type<RequestEventKind>().notNull(),
    /** kind 'status': the new status. */
    status: text('status').$type<LeadStatus>(),
    /** kind 'estimate' and 'job-value': the amount in whole dollars (null: cleared). */
    amount: integer('amount'),
    /** kind 'lost-reason' (null: cleared). */
    lostReason: text('lost_reason').$type<LostReason>(),
    /** kind 'answer': the tap (call, text, email). */
    via: text('via').$type<Exclude<AnswerChannel, 'status' | 'visit'>>(),
    /** kind 'visit-booked' and 'visit-moved': when the visit is. */
    visitAt: zonedTime('visit_at'),
    /** Who: the owner's phone or computer that made the change (`iPhone · Safari`). */
    device: text('device'),
  },
  (table) => [index('quote_request_events_request_idx').on(table.quoteRequestId, table.id)],
);

export type QuoteRequestEventRow = typeof quoteRequestEvents.$inferSelect;

/**
 * What the owner spent on a source in a calendar month (`2026-11`), in whole dollars, against a
 * source name of the results page or one he typed. One row per month and source.
 */
export const marketingSpend = pgTable(
  'marketing_spend',
  {
    month: text('month').notNull(),
    source: text('source').notNull(),
    amount: integer('amount').notNull(),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.source] }),
    check('marketing_spend_month', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('marketing_spend_amount', sql`${table.amount} between 0 and 10000000`),
  ],
);
