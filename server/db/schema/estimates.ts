import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { EstimateItemCents, EstimateStatus, FrozenEstimate } from '@shared/schemas/estimates';
import type { LostReason } from '@shared/schemas/owner-money';
import type { SchedulePartStored } from '@shared/schemas/payment-schedule';
import { requestReference } from './requests';
import { generatedId, zonedTime, createdAt } from './columns';

/**
 * The owner's written estimates (server/services/estimates): one row per version of a request's
 * estimate. A draft's lines change; sending freezes everything the homeowner sees in `frozen`
 * (its SHA-256 over RFC 8785 canonical JSON in `content_hash`), and an approval is recorded on
 * the row it approves. At most one approved version per request (a unique index): two approvals
 * at once, from any number of server processes, leave one. Change orders (`kind`) are papers of
 * the same table after that approval; the index leaves them out.
 */
export const estimates = pgTable(
  'estimates',
  {
    id: generatedId(),
    quoteRequestId: requestReference().notNull(),
    version: integer('version').notNull(),
    status: text('status').$type<Exclude<EstimateStatus, 'viewed' | 'expired'>>().notNull().default('draft'),
    /** The homeowner's link, /estimate/<token>: 32 random bytes, base64url. */
    token: text('token').notNull(),
    items: jsonb('items').$type<EstimateItemCents[]>().notNull(),
    /** Thousandths of a percent: 9.875 % is 9875. */
    taxRateMilli: integer('tax_rate_milli').notNull().default(0),
    address: text('address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** Without the optional lines, with tax. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    frozen: jsonb('frozen').$type<FrozenEstimate>(),
    contentHash: text('content_hash'),
    replacedBy: uuid('replaced_by'),
    sentAt: zonedTime('sent_at'),
    viewedAt: zonedTime('viewed_at'),
    /** The optional lines the homeowner ticked on her page, kept until she answers (a reload, another device). */
    chosenOptions: jsonb('chosen_options').$type<number[]>(),
    approvedAt: zonedTime('approved_at'),
    approvedName: text('approved_name'),
    approvedOptions: jsonb('approved_options').$type<number[]>(),
    approvedTotalCents: bigint('approved_total_cents', { mode: 'number' }),
    approvedIp: text('approved_ip'),
    approvedUserAgent: text('approved_user_agent'),
    declinedAt: zonedTime('declined_at'),
    declineReason: text('decline_reason').$type<LostReason>(),
    declineComment: text('decline_comment'),
    /** How the total is paid: parts by percent or amount (shared/schemas/payment-schedule.ts). */
    schedule: jsonb('schedule').$type<SchedulePartStored[]>().notNull().default([]),
    /** 'estimate', or 'change-order': a paper after the approval that refers to it (`changeOf`). */
    kind: text('kind').$type<'estimate' | 'change-order'>().notNull().default('estimate'),
    changeOf: uuid('change_of').references((): AnyPgColumn => estimates.id),
    changeReason: text('change_reason'),
    daysAdded: integer('days_added'),
    createdAt: createdAt(),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('estimates_request_version').on(table.quoteRequestId, table.version),
    uniqueIndex('estimates_token').on(table.token),
    uniqueIndex('estimates_one_approved_per_request')
      .on(table.quoteRequestId)
      .where(sql`${table.status} = 'approved' and ${table.kind} = 'estimate'`),
    check('estimates_total', sql`${table.totalCents} between -1000000000 and 1000000000`),
    check('estimates_kind', sql`${table.kind} in ('estimate', 'change-order')`),
  ],
);

export type EstimateRow = typeof estimates.$inferSelect;

/** The owner's defaults for a new estimate (/owner/settings); one row at most, env defaults without it. */
export const estimateSettings = pgTable(
  'estimate_settings',
  {
    id: integer('id').primaryKey().default(1),
    taxRateMilli: integer('tax_rate_milli').notNull(),
    followUpDays: jsonb('follow_up_days').$type<number[]>().notNull(),
    defaultSchedule: jsonb('default_schedule').$type<SchedulePartStored[]>().notNull().default([]),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  (table) => [check('estimate_settings_one_row', sql`${table.id} = 1`)],
);
