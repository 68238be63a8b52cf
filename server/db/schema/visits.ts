import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requestReference } from './requests';
import { generatedId, zonedTime, createdAt } from './columns';

export const visitStatuses = ['booked', 'cancelled'] as const;
export type VisitStatus = (typeof visitStatuses)[number];
export const visitEvents = ['booked', 'rescheduled', 'cancelled'] as const;
export type VisitEvent = (typeof visitEvents)[number];

/**
 * Estimate visits booked by homeowners (server/services/visits). At most one booked visit per
 * window start and one per request: both are unique indexes over the booked rows, so two bookings
 * of one window at the same moment, from any number of server processes, leave exactly one.
 * A reschedule moves the row (its `sequence` counts the changes, for the calendar invitation);
 * a cancelled row stays, out of the indexes, so its window is free again.
 */
export const visits = pgTable(
  'visits',
  {
    id: generatedId(),
    quoteRequestId: requestReference().notNull(),
    startsAt: zonedTime('starts_at').notNull(),
    endsAt: zonedTime('ends_at').notNull(),
    /** The street address the homeowner gave for the visit ('' when booked through the API without one). */
    address: text('address').notNull(),
    status: text('status').$type<VisitStatus>().notNull().default('booked'),
    sequence: integer('sequence').notNull().default(0),
    /** A salted hash of the address the homeowner booked from (VISIT_LIMIT_PER_ADDRESS); null when the owner booked it. */
    bookedFrom: text('booked_from'),
    /** Who cancelled it: the owner from the request's page, or the homeowner by her link (null while booked). */
    cancelledBy: text('cancelled_by').$type<'owner' | 'homeowner'>(),
    /** What the owner typed when he cancelled it from the request's page (optional; null when she cancelled). */
    cancelReason: text('cancel_reason'),
    /** She answered C to the reminder text (the visit stays 'booked'). */
    confirmed: boolean('confirmed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  // Also: booked visits never overlap (the exclusion constraint visits_never_overlap, written by
  // hand in migration 0010: drizzle does not describe exclusion constraints).
  (table) => [
    uniqueIndex('visits_one_per_window')
      .on(table.startsAt)
      .where(sql`${table.status} = 'booked'`),
    uniqueIndex('visits_one_per_request')
      .on(table.quoteRequestId)
      .where(sql`${table.status} = 'booked'`),
    index('visits_request_idx').on(table.quoteRequestId),
    index('visits_booked_from_idx')
      .on(table.bookedFrom)
      .where(sql`${table.status} = 'booked'`),
  ],
);

export type VisitRow = typeof visits.$inferSelect;

/** Weekly hours for visits: for each weekday (0 Sunday … 6 Saturday) the hours, `HH:MM` in Arizona time. */
export type WeeklyVisitHours = { day: number; from: string; to: string }[];

/** The owner's settings for estimate windows; one row at most (defaults when there is none). */
export const visitSettings = pgTable(
  'visit_settings',
  {
    id: integer('id').primaryKey().default(1),
    weekly: jsonb('weekly').$type<WeeklyVisitHours>().notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    horizonDays: integer('horizon_days').notNull(),
    noticeHours: integer('notice_hours').notNull(),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  (table) => [check('visit_settings_one_row', sql`${table.id} = 1`)],
);

/** Days off and blocked times: no window overlapping one is offered. */
export const visitBlocks = pgTable(
  'visit_blocks',
  {
    id: generatedId(),
    startsAt: zonedTime('starts_at').notNull(),
    endsAt: zonedTime('ends_at').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [
    index('visit_blocks_ends_at_idx').on(table.endsAt),
    check('visit_blocks_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
