import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, zonedTime } from './columns';

/** The kinds of device a view is counted under, read from the browser's User-Agent. */
export const deviceKinds = ['phone', 'tablet', 'desktop'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

/** The campaign tags of a landing address (utm_ values; a click id only as `yes`, never its value). */
export type ViewTags = Partial<Record<string, string>>;

/**
 * The random salt of each Arizona day: the visitor key is HMAC-SHA-256(salt, address + browser).
 * Deleted after 48 hours (services/visitors) and never backed up (backup/restore-policy.ts).
 */
export const viewSalts = pgTable('view_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
  createdAt: createdAt(),
});

/** One row per visitor and day: the source of that day's first view, and the views since. */
export const visitorDays = pgTable(
  'visitor_days',
  {
    day: date('day').notNull(),
    visitorKey: text('visitor_key').notNull(),
    source: text('source').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.visitorKey] })],
);

/** Each page view as it came, kept VIEW_DATA_DAYS (the maintenance sweep deletes older ones). */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day').notNull(),
    viewedAt: zonedTime('viewed_at').notNull().defaultNow(),
    path: text('path').notNull(),
    referrerHost: text('referrer_host'),
    tags: jsonb('tags').$type<ViewTags>(),
    device: text('device').$type<DeviceKind>().notNull(),
    visitorKey: text('visitor_key').notNull(),
    /** The visitor's source for the day (their first view's). */
    source: text('source').notNull(),
  },
  (table) => [
    index('page_views_day_idx').on(table.day),
    check('page_views_device', sql`${table.device} in ('phone', 'tablet', 'desktop')`),
  ],
);

/** The daily roll-up per source, kept for good: visitors (each counted on their first view of the day) and views. */
export const viewDays = pgTable(
  'view_days',
  {
    day: date('day').notNull(),
    source: text('source').notNull(),
    visitors: integer('visitors').notNull().default(0),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.source] })],
);

/** The daily roll-up per page, kept for good. */
export const viewPages = pgTable(
  'view_pages',
  {
    day: date('day').notNull(),
    path: text('path').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.path] })],
);
