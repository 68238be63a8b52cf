import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { WeekHours } from '@shared/content/business-facts';
import { zonedTime } from './columns';

/**
 * The owner's settings of the site (/owner/settings): one row (migration 0013 inserts it). The
 * business details are null until he saves them (the site shows shared/content/business.ts's
 * until then), and all set together. A change moves the site's content version in its own
 * transaction, so every server shows it within its check.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    phoneDisplay: text('phone_display'),
    /** The same number for tel: and sms: links. */
    phoneE164: text('phone_e164'),
    email: text('email'),
    rocLicense: text('roc_license'),
    googleReviewUrl: text('google_review_url'),
    /** Monday to Sunday: `{ open, close }` in Arizona time, or null for a closed day. */
    hours: jsonb('hours').$type<WeekHours>(),
    musicSiteUrl: text('music_site_url'),
    songVideoUrl: text('song_video_url'),
    detailsSavedAt: zonedTime('details_saved_at'),
    /** The six made-up sample projects are off the site. */
    hideSampleProjects: boolean('hide_sample_projects').notNull().default(false),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  (table) => [check('site_settings_one_row', sql`${table.id} = 1`)],
);

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
