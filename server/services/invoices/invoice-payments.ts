import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { arizonaDay } from '@shared/arizona-time';
import { formatCents, toCents } from '@shared/schemas/estimates';
import { invoiceNumber, type PaymentInputParsed } from '@shared/schemas/invoices';
import type { Database, DatabaseHandle } from '../../db/client';
import { deliveries, invoicePayments, type InvoiceRow } from '../../db/schema';
import { HttpError } from '../errors';
import { balanceOf } from './invoice-records';

export const keyReusedForPayment =
  'This Idempotency-Key was already used for another payment: each payment needs its own key.';

/**
 * Payments the owner records on an invoice. The invoice's row is locked first, so payments on one
 * invoice, from any number of servers, are recorded one after the other: each sees the balance the
 * one before left, and a double tap (the same Idempotency-Key) finds the payment it already stored.
 */
export function createPayments(options: {
  database: DatabaseHandle;
  now: () => Date;
  lockedInvoice: (tx: Database, id: string) => Promise<InvoiceRow>;
  onEnqueued?: () => void;
}) {
  const { database, now, lockedInvoice } = options;

  async function livePayments(tx: Database, invoiceId: string) {
    return tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
  }

  return {
    /** Records a payment and writes her receipt to the outbox: the balance after it, in cents. */
    async record(
      invoiceId: string,
      input: PaymentInputParsed,
      idempotencyKey?: string,
    ): Promise<{ balanceCents: number; replayed: boolean }> {
      const amountCents = toCents(input.amount);
      const reference = input.reference || null;
      const note = input.note || null;
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([invoiceId, amountCents, input.method, input.receivedOn, reference, note]))
        .digest('base64url');
      if (input.receivedOn > arizonaDay(now()))
        throw new HttpError(400, 'The day the payment came cannot be in the future.');
      const result = await database.transaction(async (tx) => {
        const invoice = await lockedInvoice(tx, invoiceId);
        const payments = await livePayments(tx, invoiceId);
        if (idempotencyKey) {
          const [earlier] = await tx
            .select()
            .from(invoicePayments)
            .where(eq(invoicePayments.idempotencyKey, idempotencyKey));
          if (earlier) {
            if (earlier.fingerprint !== fingerprint) throw new HttpError(422, keyReusedForPayment);
            return { balanceCents: balanceOf(invoice, payments), replayed: true };
          }
        }
        const number = invoiceNumber(invoice.number);
        if (invoice.status === 'void') throw new HttpError(400, `${number} is void: it takes no payments.`);
        if (input.receivedOn < arizonaDay(new Date(invoice.createdAt.getTime() - 366 * 24 * 3600_000)))
          throw new HttpError(400, 'The day the payment came is more than a year before the invoice was made.');
        const balance = balanceOf(invoice, payments);
        if (balance === 0) throw new HttpError(400, `${number} is paid in full: there is nothing left to pay on it.`);
        if (amountCents > balance)
          throw new HttpError(
            400,
            `This payment of ${formatCents(amountCents)} is more than the ${formatCents(balance)} still due on ${number}.`,
          );
        const [payment] = await tx
          .insert(invoicePayments)
          .values({
            invoiceId,
            amountCents,
            method: input.method,
            receivedOn: input.receivedOn,
            reference,
            note,
            idempotencyKey: idempotencyKey ?? null,
            fingerprint,
          })
          .returning();
        await tx.insert(deliveries).values({
          quoteRequestId: invoice.quoteRequestId,
          kind: 'invoice_receipt',
          invoiceId,
          paymentId: payment!.id,
          nextAttemptAt: now(),
        });
        return { balanceCents: balance - amountCents, replayed: false };
      });
      if (!result.replayed) options.onEnqueued?.();
      return result;
    },

    /** Undoes a payment: kept in the history as undone, its receipt withdrawn if not sent yet. */
    async undo(invoiceId: string, paymentId: string): Promise<{ balanceCents: number }> {
      return database.transaction(async (tx) => {
        const invoice = await lockedInvoice(tx, invoiceId);
        const payments = await livePayments(tx, invoiceId);
        const payment = payments.find((row) => row.id === paymentId);
        if (!payment) throw new HttpError(404, 'There is no such payment on this invoice.');
        if (payment.undoneAt === null) {
          const at = now();
          payment.undoneAt = at;
          await tx.update(invoicePayments).set({ undoneAt: at }).where(eq(invoicePayments.id, paymentId));
          await tx.delete(deliveries).where(and(eq(deliveries.paymentId, paymentId), eq(deliveries.status, 'pending')));
        }
        return { balanceCents: balanceOf(invoice, payments) };
      });
    },
  };
}
