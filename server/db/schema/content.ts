import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { LocationSlug, ServiceSlug } from '@shared/content/slugs';
import { requestReference } from './requests';
import { generatedId, zonedTime, createdAt } from './columns';

/**
 * The review request of a finished job (status Job done): one per request, whatever the number of
 * times Job done is set or of servers (the key), written with its outbox deliveries in one
 * transaction. The token is the homeowner's capability for /r/<token>, /review/<token> and the
 * unsubscribe link; it is kept as is (not hashed) so the owner's page can offer the same links in a text.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: generatedId(),
    quoteRequestId: requestReference().notNull().unique(),
    token: text('token').notNull().unique(),
    /** The address it went to, lower-cased: an unsubscribe is per address. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    /** When the e-mail is due: Job done plus REVIEW_REQUEST_DELAY_MINUTES. */
    dueAt: zonedTime('due_at').notNull(),
    /** The first visit of either link (no tracking pixel). */
    openedAt: zonedTime('opened_at'),
    googleClicks: integer('google_clicks').notNull().default(0),
    firstGoogleClickAt: zonedTime('first_google_click_at'),
  },
  (table) => [index('review_requests_email_idx').on(table.email)],
);

export type ReviewRequestRow = typeof reviewRequests.$inferSelect;

/** A review sent from /review/<token>: one per request (the key). Shown on the site once approved, and only with consent. */
export const reviews = pgTable(
  'reviews',
  {
    id: generatedId(),
    reviewRequestId: uuid('review_request_id')
      .notNull()
      .unique()
      .references(() => reviewRequests.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    body: text('body').notNull(),
    displayName: text('display_name').notNull(),
    consent: boolean('consent').notNull(),
    status: text('status').$type<'new' | 'approved' | 'hidden'>().notNull().default('new'),
    createdAt: createdAt(),
    statusChangedAt: zonedTime('status_changed_at'),
  },
  (table) => [
    check('reviews_stars_range', sql`${table.stars} between 1 and 5`),
    // The database itself refuses to show a review the homeowner did not allow.
    check('reviews_approved_with_consent', sql`${table.status} <> 'approved' or ${table.consent}`),
    index('reviews_approved_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'approved'`),
  ],
);

/** Addresses that asked for no more review requests (lower-cased). */
export const reviewUnsubscribes = pgTable('review_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

/**
 * The version of what the owner publishes on the site (projects, reviews): one row, moved by every
 * change that alters a public page, in the change's own transaction (bumpContentVersion). Every
 * server polls it and renders its pages again when it moves (server/services/site-content/).
 */
export const siteContentVersion = pgTable(
  'site_content_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    changedAt: zonedTime('changed_at').notNull().defaultNow(),
  },
  (table) => [check('site_content_version_one_row', sql`${table.id} = 1`)],
);

/**
 * A photo the owner uploaded for a project, already made into its variants (AVIF, WebP, JPEG at
 * each width, without metadata) in storage under its id. A photo no project refers to after a day
 * is deleted by the maintenance sweep.
 */
export const projectPhotos = pgTable('project_photos', {
  id: generatedId(),
  /** Size of the largest variant. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  widths: jsonb('widths').$type<number[]>().notNull(),
  /** A tiny blurred copy as a data: URL. */
  placeholder: text('placeholder').notNull(),
  createdAt: createdAt(),
});

export type ProjectPhotoRow = typeof projectPhotos.$inferSelect;

export const projectStatuses = ['draft', 'published'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/**
 * The owner's before-and-after projects. A draft may be incomplete; a published one has every
 * field (checked by the service). The id is chosen by the owner's app, so a save retried after a
 * lost answer changes the same project rather than making a second one.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey(),
    /** Set when first published and kept: the page's address, /gallery/<slug>. */
    slug: text('slug').unique(),
    status: text('status').$type<ProjectStatus>().notNull().default('draft'),
    title: text('title').notNull().default(''),
    service: text('service').$type<ServiceSlug>(),
    /** One of the service areas, or 'other' with `town`. */
    area: text('area').$type<LocationSlug | 'other'>(),
    town: text('town'),
    beforePhotoId: uuid('before_photo_id').references(() => projectPhotos.id, { onDelete: 'set null' }),
    afterPhotoId: uuid('after_photo_id').references(() => projectPhotos.id, { onDelete: 'set null' }),
    beforeAlt: text('before_alt').notNull().default(''),
    afterAlt: text('after_alt').notNull().default(''),
    problem: text('problem').notNull().default(''),
    solution: text('solution').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
    /** When it was (last) published; null while a draft. */
    publishedAt: zonedTime('published_at'),
  },
  (table) => [index('projects_published_idx').on(table.status, table.publishedAt)],
);

export type ProjectRow = typeof projects.$inferSelect;
