import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import type { LostReason } from '@shared/schemas/owner-money';
import { pushSubscriptions } from './owner';
import type { VisitEvent } from './visits';
import { generatedId, zonedTime, createdAt } from './columns';

/** One row per request from the quote form: exactly the fields the form asks for, nothing more about the visitor. */
export const quoteRequests = pgTable('quote_requests', {
  id: generatedId(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  projectType: text('project_type').notNull(),
  city: text('city').notNull(),
  budgetRange: text('budget_range').notNull(),
  photoUrl: text('photo_url'),
  message: text('message'),
  createdAt: createdAt(),
});

export type QuoteRequestRow = typeof quoteRequests.$inferSelect;

/** The request a row belongs to (quote_request_id), deleted with it. */
export const requestReference = () =>
  uuid('quote_request_id').references(() => quoteRequests.id, { onDelete: 'cascade' });

export const leadStatuses = ['new', 'contacted', 'quoted', 'won', 'done', 'lost', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * What the owner's side knows about a request, beside the visitor's own fields: its status
 * (screened spam starts as 'spam', with the reason) and when that last changed.
 */
export const quoteRequestStates = pgTable(
  'quote_request_states',
  {
    quoteRequestId: requestReference().primaryKey(),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    spamReason: text('spam_reason'),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
    /** When the owner first answered (set to Contacted, tapped Call, Text or Reply, or booked the visit himself): the speed-to-lead clock. */
    firstAnsweredAt: zonedTime('first_answered_at'),
    firstAnsweredVia: text('first_answered_via').$type<AnswerChannel>(),
    /** Whole dollars as the owner entered them; every change is also a row of quote_request_events. */
    estimateAmount: integer('estimate_amount'),
    jobValue: integer('job_value'),
    lostReason: text('lost_reason').$type<LostReason>(),
    /** When it entered a won status (null once it leaves them): the won date of the CSV and the conversions. */
    wonAt: zonedTime('won_at'),
  },
  (table) => [
    check('quote_request_states_estimate_amount', sql`${table.estimateAmount} between 0 and 10000000`),
    check('quote_request_states_job_value', sql`${table.jobValue} between 0 and 10000000`),
  ],
);

export const answerChannels = ['status', 'visit', 'call', 'text', 'email'] as const;
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
    quoteRequestId: requestReference().notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
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
  /** The site's own messages, about no request (quote_request_id is null): the owner's password reset link, */
  'owner_password_reset',
  /** the notice to the old address when the site's E-mail is changed (owner_email_changes), */
  'owner_email_changed',
  /** the notice that a reset link set a new password (when: the delivery's created_at), */
  'owner_password_changed',
  /** and the owner's first set-up link, once mail works (owner_setup_links). */
  'owner_setup_link',
  /** A written estimate (server/services/estimates): sent to the homeowner with its PDF, and its follow-ups. */
  'estimate_email',
  'estimate_follow_up',
  /** The homeowner's confirmation of an approval, with the signed PDF. */
  'estimate_approved_email',
  /** The owner's e-mail about an estimate approved, declined or asked about. */
  'estimate_owner_alert',
  /** A Web Push to one of the owner's devices: an estimate opened, approved, declined or asked about. */
  'estimate_push',
  /** A homeowner's review arrived: the owner's e-mail, and a Web Push to each of his devices. */
  'review_owner_alert',
  'review_push',
  /** An invoice (server/services/invoices): sent with its PDF, a receipt per payment, and reminders past due. */
  'invoice_email',
  'invoice_receipt',
  'invoice_reminder',
  /** A text to a homeowner through the owner's Twilio account (its text_messages row points here; a thread's has no request). */
  'text',
  /** A Web Push to one of the owner's devices: a homeowner's text arrived on her request. */
  'text_push',
] as const;
/** Kinds that belong to no quote request; every other kind needs one (deliveries_request_unless_own). */
export const ownDeliveryKinds = [
  'owner_password_reset',
  'owner_email_changed',
  'owner_password_changed',
  'owner_setup_link',
  'text',
] as const satisfies readonly DeliveryKind[];
export type DeliveryKind = (typeof deliveryKinds)[number];
export const deliveryStatuses = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * The transactional outbox, so that no stored request goes unannounced and no alert goes out for
 * a request that was rolled back: written in the same transaction as the request, sent by the
 * worker in server/services/outbox. A worker claims a due row by setting `lockedUntil` (a lease):
 * if it dies mid-send, the lease runs out and another worker sends it again. The site's own
 * messages (`ownDeliveryKinds`) have no request; a row of theirs points at nothing here, its
 * subject points at it (e.g. owner_password_resets.delivery_id).
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: generatedId(),
    /** Null only for the site's own messages (ownDeliveryKinds). */
    quoteRequestId: requestReference(),
    kind: text('kind').$type<DeliveryKind>().notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: zonedTime('next_attempt_at').notNull().defaultNow(),
    lockedUntil: zonedTime('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: zonedTime('sent_at'),
    /** Pushes: the device it goes to (null once that device was removed) and its name, kept for the request's page. */
    pushSubscriptionId: uuid('push_subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    deviceLabel: text('device_label'),
    /** Reminders: the threshold of business minutes that the request waited. */
    reminderMinutes: integer('reminder_minutes'),
    /** Visit messages: what happened to the visit (server/services/visits/visit-deliveries.ts). */
    visitEvent: text('visit_event').$type<VisitEvent>(),
    /** Estimate messages: the estimate (version) and what happened to it (server/services/estimates). */
    estimateId: uuid('estimate_id'),
    estimateEvent: text('estimate_event').$type<'sent' | 'viewed' | 'approved' | 'declined' | 'question'>(),
    /** Invoice messages: the invoice, and for a receipt the payment. */
    invoiceId: uuid('invoice_id'),
    paymentId: uuid('payment_id'),
  },
  (table) => [
    index('deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('deliveries_quote_request_idx').on(table.quoteRequestId),
    check(
      'deliveries_request_unless_own',
      sql`${table.quoteRequestId} is not null or ${table.kind} in ('owner_password_reset', 'owner_email_changed', 'owner_password_changed', 'owner_setup_link', 'text')`,
    ),
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
    createdAt: createdAt(),
    claimedAt: zonedTime('claimed_at'),
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
  expire: zonedTime('expire'),
});

/** The owner's notes on a request, oldest first on the request's page. */
export const quoteRequestNotes = pgTable(
  'quote_request_notes',
  {
    id: generatedId(),
    quoteRequestId: requestReference().notNull(),
    body: text('body').notNull(),
    /** Who wrote it: the owner, or the homeowner (a question asked on an estimate's page). */
    author: text('author').$type<'owner' | 'homeowner'>().notNull().default('owner'),
    /** A homeowner's question: when the owner answered it or marked it answered (null: it waits for him). */
    answeredAt: zonedTime('answered_at'),
    createdAt: createdAt(),
  },
  (table) => [index('quote_request_notes_request_idx').on(table.quoteRequestId, table.createdAt)],
);
