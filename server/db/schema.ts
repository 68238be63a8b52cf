import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { LeadSource } from '@shared/lead-source';
import type { LocationSlug, ServiceSlug } from '@shared/content/slugs';
import type { RequestEventKind } from '@shared/schemas/owner-inbox';
import type { LostReason } from '@shared/schemas/owner-money';

/** One row per request from the quote form: exactly the fields the form asks for, nothing more about the visitor. */
export const quoteRequests = pgTable('quote_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  projectType: text('project_type').notNull(),
  city: text('city').notNull(),
  budgetRange: text('budget_range').notNull(),
  photoUrl: text('photo_url'),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type QuoteRequestRow = typeof quoteRequests.$inferSelect;

export const leadStatuses = ['new', 'contacted', 'quoted', 'won', 'done', 'lost', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * What the owner's side knows about a request, beside the visitor's own fields: its status
 * (screened spam starts as 'spam', with the reason) and when that last changed.
 */
export const quoteRequestStates = pgTable(
  'quote_request_states',
  {
    quoteRequestId: uuid('quote_request_id')
      .primaryKey()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    spamReason: text('spam_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner first answered (set to Contacted, or tapped Call, Text or Reply): the speed-to-lead clock. */
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    firstAnsweredVia: text('first_answered_via').$type<AnswerChannel>(),
    /** Whole dollars as the owner entered them; every change is also a row of quote_request_events. */
    estimateAmount: integer('estimate_amount'),
    jobValue: integer('job_value'),
    lostReason: text('lost_reason').$type<LostReason>(),
    /** When it entered a won status (null once it leaves them): the won date of the CSV and the conversions. */
    wonAt: timestamp('won_at', { withTimezone: true }),
  },
  (table) => [
    check('quote_request_states_estimate_amount', sql`${table.estimateAmount} between 0 and 10000000`),
    check('quote_request_states_job_value', sql`${table.jobValue} between 0 and 10000000`),
  ],
);

export const answerChannels = ['status', 'call', 'text', 'email'] as const;
export type AnswerChannel = (typeof answerChannels)[number];

/**
 * Idempotency-Key of a submission, so that a retry after a lost answer stores nothing twice: the
 * same key within 24 hours answers with the request it first created. `fingerprint` is a hash of
 * the request, so a key reused for different content is refused instead of silently answered
 * with the old request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: uuid('key').primaryKey(),
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('idempotency_keys_created_at_idx').on(table.createdAt)],
);

export const deliveryKinds = [
  'owner_alert',
  'confirmation',
  'webhook',
  /** A Web Push to one of the owner's devices about a new request. */
  'owner_push',
  /** A request still unanswered after a threshold of business time: a push per device and an e-mail. */
  'reminder_push',
  'reminder_email',
  /** The estimate visit (server/services/visits): the homeowner's e-mail with its .ics, booked, moved or cancelled. */
  'visit_confirmation',
  /** The owner's e-mail about a visit booked, moved or cancelled. */
  'visit_owner_alert',
  /** A Web Push to one of the owner's devices about a visit booked, moved or cancelled. */
  'visit_push',
  /** The homeowner's reminder the day before the visit (due then: next_attempt_at). */
  'visit_reminder',
  /** A finished job (Job done): the review request to the homeowner, and its one reminder (server/services/reviews). */
  'review_request',
  'review_reminder',
] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];
export const deliveryStatuses = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * The transactional outbox, so that no stored request goes unannounced and no alert goes out for
 * a request that was rolled back: written in the same transaction as the request, sent by the
 * worker in server/services/outbox. A worker claims a due row by setting `lockedUntil` (a lease):
 * if it dies mid-send, the lease runs out and another worker sends it again.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DeliveryKind>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Pushes: the device it goes to (null once that device was removed) and its name, kept for the request's page. */
    pushSubscriptionId: uuid('push_subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    deviceLabel: text('device_label'),
    /** Reminders: the threshold of business minutes that the request waited. */
    reminderMinutes: integer('reminder_minutes'),
    /** Visit messages: what happened to the visit (server/services/visits/visit-deliveries.ts). */
    visitEvent: text('visit_event').$type<VisitEvent>(),
  },
  (table) => [
    index('deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('deliveries_quote_request_idx').on(table.quoteRequestId),
  ],
);

export type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * Every upload ticket handed out. A quote that refers to the photo marks it claimed; tickets
 * still unclaimed after 24 hours are deleted with their photo by the maintenance sweep.
 */
export const photoUploads = pgTable(
  'photo_uploads',
  {
    key: text('key').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (table) => [
    index('photo_uploads_unclaimed_idx')
      .on(table.createdAt)
      .where(sql`${table.claimedAt} is null`),
  ],
);

/**
 * Counters of rate-limiter-flexible's Drizzle store (RateLimiterDrizzle): one row per limit and
 * client, shared by every server instance on the database. Columns as the library expects.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

/** The owner's notes on a request, oldest first on the request's page. */
export const quoteRequestNotes = pgTable(
  'quote_request_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('quote_request_notes_request_idx').on(table.quoteRequestId, table.createdAt)],
);

/**
 * The owner's password, as a slow hash only (server/services/owner/password-hash.ts). One row at
 * most: `npm run owner:password` replaces it.
 */
export const ownerCredentials = pgTable(
  'owner_credentials',
  {
    id: integer('id').primaryKey().default(1),
    passwordHash: text('password_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('owner_credentials_one_row', sql`${table.id} = 1`)],
);

/**
 * Signed-in owner sessions, shared by every server instance on the database. The cookie holds a
 * random token; only its SHA-256 is stored, so a copy of the database signs no one in.
 */
export const ownerSessions = pgTable(
  'owner_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** lastSeenAt plus the idle lifetime: moved forward as the owner uses the inbox. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('owner_sessions_expires_at_idx').on(table.expiresAt)],
);

/** The owner's devices that get Web Push notifications: one row per browser subscription. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** The push service's URL for this device; a capability, unique per subscription. */
  endpoint: text('endpoint').notNull().unique(),
  /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  /** "iPhone · Safari": how the device is named in the inbox. */
  label: text('label').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * The server's VAPID key pair, created once (unless VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set):
 * every subscription is bound to this public key, so it must not change. One row at most.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('vapid_keys_one_row', sql`${table.id} = 1`)],
);

/**
 * One row per request and reminder threshold once its reminder was written to the outbox (in the
 * same transaction): the key makes each reminder happen once, whatever the number of servers or restarts.
 */
export const leadReminders = pgTable(
  'lead_reminders',
  {
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    thresholdMinutes: integer('threshold_minutes').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    quoteRequestId: uuid('quote_request_id')
      .primaryKey()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
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

/**
 * Secrets a server creates at its first start and every server on the database shares, by name:
 * `contact-tap-salt` salts the short-lived hash that counts a visitor's tap once.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The street address the homeowner gave for the visit ('' when booked through the API without one). */
    address: text('address').notNull(),
    status: text('status').$type<VisitStatus>().notNull().default('booked'),
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('visit_settings_one_row', sql`${table.id} = 1`)],
);

/** Days off and blocked times: no window overlapping one is offered. */
export const visitBlocks = pgTable(
  'visit_blocks',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('visit_blocks_ends_at_idx').on(table.endsAt),
    check('visit_blocks_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * The review request of a finished job (status Job done): one per request, whatever the number of
 * times Job done is set or of servers (the key), written with its outbox deliveries in one
 * transaction. The token is the homeowner's capability for /r/<token>, /review/<token> and the
 * unsubscribe link; it is kept as is (not hashed) so the owner's page can offer the same links in a text.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .unique()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    /** The address it went to, lower-cased: an unsubscribe is per address. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the e-mail is due: Job done plus REVIEW_REQUEST_DELAY_MINUTES. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The first visit of either link (no tracking pixel). */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    googleClicks: integer('google_clicks').notNull().default(0),
    firstGoogleClickAt: timestamp('first_google_click_at', { withTimezone: true }),
  },
  (table) => [index('review_requests_email_idx').on(table.email)],
);

export type ReviewRequestRow = typeof reviewRequests.$inferSelect;

/** A review sent from /review/<token>: one per request (the key). Shown on the site once approved, and only with consent. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    reviewRequestId: uuid('review_request_id')
      .notNull()
      .unique()
      .references(() => reviewRequests.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    body: text('body').notNull(),
    displayName: text('display_name').notNull(),
    consent: boolean('consent').notNull(),
    status: text('status').$type<'new' | 'approved' | 'hidden'>().notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('site_content_version_one_row', sql`${table.id} = 1`)],
);

/**
 * A photo the owner uploaded for a project, already made into its variants (AVIF, WebP, JPEG at
 * each width, without metadata) in storage under its id. A photo no project refers to after a day
 * is deleted by the maintenance sweep.
 */
export const projectPhotos = pgTable('project_photos', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** Size of the largest variant. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  widths: jsonb('widths').$type<number[]>().notNull(),
  /** A tiny blurred copy as a data: URL. */
  placeholder: text('placeholder').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was (last) published; null while a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (table) => [index('projects_published_idx').on(table.status, table.publishedAt)],
);

export type ProjectRow = typeof projects.$inferSelect;
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
    quoteRequestId: uuid('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<RequestEventKind>().notNull(),
    /** kind 'status': the new status. */
    status: text('status').$type<LeadStatus>(),
    /** kind 'estimate' and 'job-value': the amount in whole dollars (null: cleared). */
    amount: integer('amount'),
    /** kind 'lost-reason' (null: cleared). */
    lostReason: text('lost_reason').$type<LostReason>(),
    /** kind 'answer': the tap (call, text, email). */
    via: text('via').$type<Exclude<AnswerChannel, 'status'>>(),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.source] }),
    check('marketing_spend_month', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('marketing_spend_amount', sql`${table.amount} between 0 and 10000000`),
  ],
);
