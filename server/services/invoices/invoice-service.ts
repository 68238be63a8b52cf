import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { arizonaDay } from '@shared/arizona-time';
import { formatCents, lineTotalCents } from '@shared/schemas/estimates';
import {
  invoiceNumber,
  type FrozenInvoice,
  type InvoiceInputParsed,
  type JobBilling,
  type OwnerInvoice,
} from '@shared/schemas/invoices';
import { execute, type Database, type DatabaseHandle } from '../../db/client';
import {
  deliveries,
  invoicePayments,
  invoices,
  quoteRequests,
  type InvoicePaymentRow,
  type InvoiceRow,
} from '../../db/schema';
import { HttpError } from '../errors';
import { estimateBusinessSnapshot } from '../estimates/business-snapshot';
import { arizonaDayAfter } from '../estimates/estimate-records';
import { approvedJob } from '../estimates/job-total';
import { billedCents, invoiceAmounts, partAmounts } from './invoice-amounts';
import { readPaymentDetails } from './payment-details';
import { balanceOf, paidOf, toOwnerInvoice } from './invoice-records';
import { createPayments } from './invoice-payments';
import { queueInvoiceText } from '../texts/texts';

export interface InvoiceServiceOptions {
  database: DatabaseHandle;
  /** The site's public origin: her link is built on it. */
  siteUrl: string;
  /** INVOICE_REMINDER_DAYS: days past due when a reminder goes, each once; empty: none. */
  reminderDays?: readonly number[];
  clock?: () => Date;
  /** Called after an invoice's e-mails were written to the outbox: wakes its worker. */
  onEnqueued?: () => void;
}

export const invoiceNotFound = () => new HttpError(404, 'There is no such invoice.');
export const invoicePath = (token: string) => `/invoice/${token}`;
export const invoiceTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** When a reminder `days` past `dueDate` goes: 9 in the morning, Arizona time. */
export const reminderTime = (dueDate: string, days: number) =>
  new Date(new Date(`${dueDate}T09:00:00-07:00`).getTime() + days * 24 * 3600_000);

/** The owner's invoices: made from the approved job, sent, voided, paid (invoice-payments.ts). */
export function createInvoiceService(options: InvoiceServiceOptions) {
  const { database, siteUrl } = options;
  const { db } = database;
  const now = options.clock ?? (() => new Date());
  const reminderDays = options.reminderDays ?? [3, 10];

  async function rowsOf(requestId: string): Promise<InvoiceRow[]> {
    return db.select().from(invoices).where(eq(invoices.quoteRequestId, requestId)).orderBy(asc(invoices.number));
  }

  async function paymentsOf(invoiceIds: string[]): Promise<InvoicePaymentRow[]> {
    if (invoiceIds.length === 0) return [];
    return db
      .select()
      .from(invoicePayments)
      .where(inArray(invoicePayments.invoiceId, invoiceIds))
      .orderBy(asc(invoicePayments.createdAt));
  }

  async function get(id: string): Promise<InvoiceRow> {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw invoiceNotFound();
    return row;
  }

  async function owned(row: InvoiceRow): Promise<OwnerInvoice> {
    return toOwnerInvoice(row, await paymentsOf([row.id]), siteUrl, now());
  }

  async function lockedInvoice(tx: Database, id: string): Promise<InvoiceRow> {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!row) throw invoiceNotFound();
    return row;
  }

  const payments = createPayments({ database, now, lockedInvoice, onEnqueued: options.onEnqueued });

  return {
    get,
    now: () => now(),

    /** A request's invoices, oldest first, each with its payments and balance. */
    async listFor(requestId: string): Promise<OwnerInvoice[]> {
      const rows = await rowsOf(requestId);
      const all = await paymentsOf(rows.map((row) => row.id));
      return rows.map((row) =>
        toOwnerInvoice(
          row,
          all.filter((payment) => payment.invoiceId === row.id),
          siteUrl,
          now(),
        ),
      );
    },

    /** The job's schedule with each part's amount now, and what is left to bill; null before an approval. */
    async billing(requestId: string): Promise<JobBilling | null> {
      const job = await approvedJob(db, requestId);
      if (!job) return null;
      const rows = await rowsOf(requestId);
      const billed = billedCents(rows);
      const amounts = partAmounts(job, rows);
      return {
        total: job.totalCents / 100,
        billed: billed / 100,
        left: Math.max(0, job.totalCents - billed) / 100,
        parts: job.estimate.schedule.map((part, index) => ({
          index,
          label: part.label,
          due: part.due,
          amount: (amounts[index]?.cents ?? 0) / 100,
          invoice: amounts[index]?.invoice ? invoiceNumber(amounts[index].invoice.number) : null,
        })),
      };
    },

    /**
     * Makes an invoice: its amount by the job's rules (invoice-amounts.ts), the next number (the
     * counter row, taken in this transaction: a refused invoice uses none), the due date from his
     * terms unless given, what she will read frozen.
     */
    async create(requestId: string, input: InvoiceInputParsed): Promise<OwnerInvoice> {
      const details = await readPaymentDetails(db);
      const business = await estimateBusinessSnapshot(db);
      const at = now();
      const today = arizonaDay(at);
      const dueDate = input.dueDate ?? arizonaDayAfter(at, details.termsDays);
      if (dueDate < today) throw new HttpError(400, 'The due date cannot be in the past.');
      if (dueDate > arizonaDayAfter(at, 366))
        throw new HttpError(400, 'The due date can be at most a year from today.');
      const row = await database.transaction(async (tx) => {
        // One invoice of a request at a time, from any number of servers: each sees what the other billed.
        const [request] = await tx
          .select({
            name: quoteRequests.name,
            email: quoteRequests.email,
            phone: quoteRequests.phone,
            type: quoteRequests.projectType,
            city: quoteRequests.city,
          })
          .from(quoteRequests)
          .where(eq(quoteRequests.id, requestId))
          .for('update');
        if (!request) throw new HttpError(404, 'There is no such request.');
        const job = await approvedJob(tx, requestId);
        if (!job) throw new HttpError(400, 'Invoices start once the homeowner has approved an estimate.');
        const existing = await tx.select().from(invoices).where(eq(invoices.quoteRequestId, requestId));
        const amounts = invoiceAmounts(job, existing, input);
        const { rows } = await execute<{ last: number }>(
          tx,
          sql`insert into invoice_numbers (id, last) values (1, 1)
              on conflict (id) do update set last = invoice_numbers.last + 1 returning last`,
        );
        const number = Number(rows[0]!.last);
        const frozen: FrozenInvoice = {
          number: invoiceNumber(number),
          title: amounts.title,
          business,
          homeowner: { name: request.name, email: request.email, phone: request.phone, address: job.estimate.address },
          project: { type: request.type, city: request.city },
          estimateVersion: job.estimate.version,
          items: amounts.items.map((item) => ({ ...item, lineTotalCents: lineTotalCents(item) })),
          taxRateMilli: job.estimate.taxRateMilli,
          taxIncluded: amounts.taxIncluded,
          subtotalCents: amounts.subtotalCents,
          taxCents: amounts.taxCents,
          totalCents: amounts.totalCents,
          extraCents: amounts.extraCents,
          jobTotalCents: job.totalCents,
          issuedOn: today,
          dueDate,
          payTo: details,
        };
        const [created] = await tx
          .insert(invoices)
          .values({
            quoteRequestId: requestId,
            estimateId: job.estimate.id,
            number,
            token: randomBytes(32).toString('base64url'),
            kind: amounts.kind,
            part: amounts.part,
            title: amounts.title,
            items: amounts.items,
            taxRateMilli: job.estimate.taxRateMilli,
            totalCents: amounts.totalCents,
            jobCents: amounts.jobCents,
            dueDate,
            frozen,
          })
          .returning();
        return created!;
      });
      return owned(row);
    },

    /**
     * E-mails the invoice to the homeowner (its link, the PDF), through the outbox; the first
     * send also writes one reminder per INVOICE_REMINDER_DAYS past the due date, each dropped
     * when it comes due if the invoice is paid or void by then. Sending again sends the e-mail again.
     */
    async send(id: string): Promise<OwnerInvoice> {
      const row = await database.transaction(async (tx) => {
        const invoice = await lockedInvoice(tx, id);
        if (invoice.status === 'void') throw new HttpError(409, 'This invoice is void: it cannot be sent.');
        const at = now();
        const base = { quoteRequestId: invoice.quoteRequestId, invoiceId: invoice.id };
        const reminders = invoice.sentAt
          ? []
          : reminderDays
              .map((days) => reminderTime(invoice.dueDate, days))
              .filter((due) => due > at)
              .map((due) => ({ ...base, kind: 'invoice_reminder' as const, nextAttemptAt: due }));
        await tx
          .insert(deliveries)
          .values([{ ...base, kind: 'invoice_email' as const, nextAttemptAt: at }, ...reminders]);
        if (!invoice.sentAt)
          await queueInvoiceText(tx, {
            requestId: invoice.quoteRequestId,
            number: invoiceNumber(invoice.number),
            amount: formatCents(invoice.totalCents),
            dueDay: invoice.dueDate,
            link: `${siteUrl}${invoicePath(invoice.token)}`,
          });
        const [sent] = await tx
          .update(invoices)
          .set({ sentAt: invoice.sentAt ?? at })
          .where(eq(invoices.id, id))
          .returning();
        return sent!;
      });
      options.onEnqueued?.();
      return owned(row);
    },

    /** Voids an invoice: kept, marked void, its number never used again; a paid one needs its payments undone first. */
    async void(id: string): Promise<OwnerInvoice> {
      const row = await database.transaction(async (tx) => {
        const invoice = await lockedInvoice(tx, id);
        if (invoice.status === 'void') return invoice;
        const live = await tx
          .select({ id: invoicePayments.id })
          .from(invoicePayments)
          .where(and(eq(invoicePayments.invoiceId, id), sql`${invoicePayments.undoneAt} is null`));
        if (live.length > 0)
          throw new HttpError(409, 'This invoice has payments recorded: undo them first, then void it.');
        await tx.delete(deliveries).where(and(eq(deliveries.invoiceId, id), eq(deliveries.status, 'pending')));
        const [voided] = await tx
          .update(invoices)
          .set({ status: 'void', voidedAt: now() })
          .where(eq(invoices.id, id))
          .returning();
        return voided!;
      });
      return owned(row);
    },

    /** Records a payment (invoice-payments.ts): the balance after it. */
    async pay(...args: Parameters<typeof payments.record>) {
      return payments.record(...args);
    },
    undo: payments.undo,

    /** Her invoice by its link, with its payments (undone ones left out). */
    async byToken(token: string): Promise<{ row: InvoiceRow; payments: InvoicePaymentRow[] } | null> {
      if (!invoiceTokenPattern.test(token)) return null;
      const [row] = await db.select().from(invoices).where(eq(invoices.token, token));
      if (!row) return null;
      const all = await paymentsOf([row.id]);
      return { row, payments: all.filter((payment) => payment.undoneAt === null) };
    },

    balanceOf,
    paidOf,
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
