import { arizonaDay } from '@shared/arizona-time';
import type { OwnerInvoice } from '@shared/schemas/invoices';
import { invoiceNumber } from '@shared/schemas/invoices';
import type { InvoicePaymentRow, InvoiceRow } from '../../db/schema';

/** What came in on an invoice: its payments not undone, in cents. */
export const paidOf = (payments: readonly Pick<InvoicePaymentRow, 'amountCents' | 'undoneAt'>[]) =>
  payments.filter((payment) => payment.undoneAt === null).reduce((sum, payment) => sum + payment.amountCents, 0);

/** What is still due, in cents: nothing on a void invoice. */
export const balanceOf = (
  row: Pick<InvoiceRow, 'totalCents' | 'status'>,
  payments: readonly Pick<InvoicePaymentRow, 'amountCents' | 'undoneAt'>[],
) => (row.status === 'void' ? 0 : Math.max(0, row.totalCents - paidOf(payments)));

export function toOwnerInvoice(
  row: InvoiceRow,
  payments: readonly InvoicePaymentRow[],
  siteUrl: string,
  now: Date,
): OwnerInvoice {
  const balance = balanceOf(row, payments);
  return {
    id: row.id,
    number: invoiceNumber(row.number),
    title: row.title,
    kind: row.kind,
    part: row.part,
    status: row.status,
    total: row.totalCents / 100,
    extra: row.frozen.extraCents / 100,
    paid: paidOf(payments) / 100,
    balance: balance / 100,
    dueDate: row.dueDate,
    overdue: balance > 0 && row.dueDate < arizonaDay(now),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    url: `${siteUrl}/invoice/${row.token}`,
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: payment.amountCents / 100,
      method: payment.method,
      receivedOn: payment.receivedOn,
      reference: payment.reference,
      note: payment.note,
      undone: payment.undoneAt !== null,
    })),
  };
}
