import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { deliveries, requestReference } from './requests';
import { createdAt, generatedId, zonedTime } from './columns';

/**
 * The owner's Twilio account as he saved it in Settings, Text messages: one row, which takes the
 * place of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM as soon as it is saved. The
 * token is sealed with the mail password's key (server/services/mail-settings/secret-box.ts).
 */
export const textSettings = pgTable(
  'text_settings',
  {
    id: integer('id').primaryKey().default(1),
    accountSid: text('account_sid').notNull(),
    authTokenSealed: text('auth_token_sealed').notNull(),
    /** The business number in E.164, or a Messaging Service SID (MG…). */
    sender: text('sender').notNull(),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  (table) => [check('text_settings_one_row', sql`${table.id} = 1`)],
);

export type TextSettingsRow = typeof textSettings.$inferSelect;

/**
 * A homeowner's number (E.164): since when she agreed to texts (ticked Text me about my request,
 * or texted the business first) and since when she said STOP (START clears it).
 */
export const textNumbers = pgTable('text_numbers', {
  phone: text('phone').primaryKey(),
  consentedAt: zonedTime('consented_at'),
  stoppedAt: zonedTime('stopped_at'),
  updatedAt: zonedTime('updated_at').notNull().defaultNow(),
});

export const textDirections = ['in', 'out'] as const;
export type TextDirection = (typeof textDirections)[number];

/** Why a text went out (or 'homeowner' for hers): the owner's own, or one the site sends by itself. */
export type TextPurpose =
  | 'homeowner'
  | 'owner'
  | 'request'
  | 'visit'
  | 'visit_reminder'
  | 'estimate'
  | 'estimate_follow_up'
  | 'help'
  | 'visit_confirmed'
  | 'invoice';

/**
 * Every text, both ways: on her request, or (quote_request_id null) on the thread of a number
 * with no request. An outgoing one is sent by the outbox (its delivery, kind 'text'); its status
 * follows Twilio's (sent, delivered, failed, undelivered) with the carrier's reason in `error`.
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: generatedId(),
    quoteRequestId: requestReference(),
    phone: text('phone').notNull(),
    direction: text('direction').$type<TextDirection>().notNull(),
    body: text('body').notNull(),
    purpose: text('purpose').$type<TextPurpose>().notNull(),
    /** out: queued, sent, delivered, failed, undelivered; in: received. */
    status: text('status').notNull(),
    error: text('error'),
    twilioSid: text('twilio_sid').unique(),
    deliveryId: uuid('delivery_id').references(() => deliveries.id, { onDelete: 'set null' }),
    /** A reminder's visit as it stood when written (a move or cancel removes the reminder). */
    visitStartsAt: zonedTime('visit_starts_at'),
    /** An estimate's text: the estimate (a follow-up is dropped once she answered it). */
    estimateId: uuid('estimate_id'),
    /** Hers: when the owner answered (null: it waits for him). */
    answeredAt: zonedTime('answered_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('text_messages_request_idx').on(table.quoteRequestId, table.createdAt),
    index('text_messages_phone_idx').on(table.phone, table.createdAt),
    index('text_messages_delivery_idx').on(table.deliveryId),
    check('text_messages_direction', sql`${table.direction} in ('in', 'out')`),
  ],
);

export type TextMessageRow = typeof textMessages.$inferSelect;
