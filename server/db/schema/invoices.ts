import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FrozenInvoice, InvoiceKind, InvoiceLineCents, PaymentMethod } from '@shared/schemas/invoices';
import { estimates } from './estimates';
import { requestReference } from './requests';
import { createdAt, generatedId, zonedTime } from './columns';

/**
 * Invoices after the approval (server/services/invoices, migration 0025): numbered INV-0001…
 * without gaps by the one counter row, taken in the invoice's own transaction (a rolled-back
 * invoice gives its number back; a voided one keeps it). What the homeowner reads is frozen on
 * the row; `jobCents` is what counts against the job's approved total (extra work does not).
 */
export const invoiceNumbers = pgTable(
  'invoice_numbers',
  {
    id: integer('id').primaryKey().default(1),
    last: integer('last').notNull().default(0),
  },
  (table) => [check('invoice_numbers_one_row', sql`${table.id} = 1`)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: generatedId(),
    quoteRequestId: requestReference().notNull(),
    /** The approved estimate the job's schedule and change orders belong to. */
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** Her link, /invoice/<token>: 32 random bytes, base64url. */
    token: text('token').notNull(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    /** kind 'part': the schedule's part (its index). */
    part: integer('part'),
    title: text('title').notNull(),
    items: jsonb('items').$type<InvoiceLineCents[]>().notNull(),
    taxRateMilli: integer('tax_rate_milli').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    jobCents: bigint('job_cents', { mode: 'number' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    frozen: jsonb('frozen').$type<FrozenInvoice>().notNull(),
    status: text('status').$type<'open' | 'void'>().notNull().default('open'),
    sentAt: zonedTime('sent_at'),
    voidedAt: zonedTime('voided_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoices_number').on(table.number),
    uniqueIndex('invoices_token').on(table.token),
    index('invoices_request_idx').on(table.quoteRequestId),
    uniqueIndex('invoices_one_per_part')
      .on(table.quoteRequestId, table.part)
      .where(sql`${table.status} = 'open' and ${table.part} is not null`),
    check('invoices_kind', sql`${table.kind} in ('part', 'final', 'items')`),
    check('invoices_status', sql`${table.status} in ('open', 'void')`),
    check('invoices_total', sql`${table.totalCents} between 1 and 1000000000`),
    check('invoices_job', sql`${table.jobCents} between 0 and ${table.totalCents}`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/** Payments the owner recorded; an undone one is kept (`undoneAt`), never deleted. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: generatedId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    reference: text('reference'),
    note: text('note'),
    /** The Idempotency-Key of the tap that recorded it: a second tap (on any server) finds it. */
    idempotencyKey: uuid('idempotency_key'),
    /** What was recorded, so a key reused for another payment is refused rather than answered. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
    undoneAt: zonedTime('undone_at'),
  },
  (table) => [
    index('invoice_payments_invoice_idx').on(table.invoiceId),
    uniqueIndex('invoice_payments_idempotency_key')
      .on(table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    check('invoice_payments_amount', sql`${table.amountCents} between 1 and 1000000000`),
    check('invoice_payments_method', sql`${table.method} in ('check', 'cash', 'zelle', 'venmo', 'cash-app', 'other')`),
  ],
);

export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

/** How the homeowner pays him (Settings, Payment details): one row at most. */
export const paymentDetails = pgTable(
  'payment_details',
  {
    id: integer('id').primaryKey().default(1),
    payee: text('payee').notNull().default(''),
    zelle: text('zelle').notNull().default(''),
    venmo: text('venmo').notNull().default(''),
    cashApp: text('cash_app').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    termsDays: integer('terms_days').notNull().default(14),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('payment_details_one_row', sql`${table.id} = 1`),
    check('payment_details_terms', sql`${table.termsDays} between 0 and 365`),
  ],
);
