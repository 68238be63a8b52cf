import { date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { LeadSource } from '@shared/lead-source';

import { requestReference } from './requests';
import { zonedTime, createdAt } from './columns';

/**
 * One row per request and reminder threshold once its reminder was written to the outbox (in the
 * same transaction): the key makes each reminder happen once, whatever the number of servers or restarts.
 */
export const leadReminders = pgTable(
  'lead_reminders',
  {
    quoteRequestId: requestReference().notNull(),
    thresholdMinutes: integer('threshold_minutes').notNull(),
    dueAt: zonedTime('due_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.quoteRequestId, table.thresholdMinutes] })],
);

/**
 * Where a request came from (shared/schemas/lead-source.ts), beside the request: the source name
 * derived when it was stored (shared/lead-source-name.ts), the fields the inbox and the CSV show
 * of the touch it is credited to, and both touches as sent. No row: nothing usable was sent.
 */
export const quoteRequestSources = pgTable(
  'quote_request_sources',
  {
    quoteRequestId: requestReference().primaryKey(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign'),
    landingPage: text('landing_page'),
    referrer: text('referrer'),
    /** 'script': recorded in the browser; 'server': what a form post without scripts showed (its Referer). */
    capturedBy: text('captured_by').$type<'script' | 'server'>().notNull(),
    touches: jsonb('touches').$type<LeadSource>().notNull(),
  },
  (table) => [index('quote_request_sources_source_idx').on(table.source)],
);

/**
 * Taps on the site's call and text links, counted per Arizona day, source, page and kind: no IP,
 * no time of day, nothing about the visitor (POST /api/contact-taps).
 */
export const contactTaps = pgTable(
  'contact_taps',
  {
    day: date('day').notNull(),
    source: text('source').notNull(),
    page: text('page').notNull(),
    kind: text('kind').$type<'call' | 'text'>().notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.source, table.page, table.kind] })],
);
