import { createHash } from 'node:crypto';
import type { InvoicePaymentRow, InvoiceRow } from '../../db/schema';
import type { PdfMaker } from '../pdf/pdf-maker';
import type { PdfPayment } from './invoice-pdf';
import type { QrCodes } from './invoice-qr';

/** Raised whenever the invoice PDF's layout or wording changes, so stored ones are made again. */
const layoutVersion = 1;

const pdfPayment = (payment: InvoicePaymentRow): PdfPayment => ({
  amountCents: payment.amountCents,
  method: payment.method,
  receivedOn: payment.receivedOn,
  reference: payment.reference,
});

/** What the paper shows changes with each payment and a void: its stored name follows them. */
function stateOf(row: InvoiceRow, live: readonly InvoicePaymentRow[], qr?: QrCodes): string {
  return createHash('sha256')
    .update(JSON.stringify([row.status, live.map((payment) => payment.id), qr?.ids ?? '']))
    .digest('hex')
    .slice(0, 16);
}

/** The invoice's PDF as it stands: its payments not undone, void or not. Made once per state, then read from storage. */
export function invoicePdfFile(
  pdfs: PdfMaker,
  row: InvoiceRow,
  payments: readonly InvoicePaymentRow[],
  qr?: QrCodes,
): Promise<Buffer> {
  const live = payments.filter((payment) => payment.undoneAt === null);
  return pdfs.file(`invoice-${row.id}-${stateOf(row, live, qr)}-v${layoutVersion}.pdf`, async () => ({
    kind: 'invoice',
    frozen: row.frozen,
    void: row.status === 'void',
    payments: live.map(pdfPayment),
    qr: qr ? await qr.load() : undefined,
  }));
}

/** A payment's receipt: the invoice with the payments up to this one, headed by it. */
export function receiptPdfFile(
  pdfs: PdfMaker,
  row: InvoiceRow,
  payments: readonly InvoicePaymentRow[],
  payment: InvoicePaymentRow,
): Promise<Buffer> {
  const upTo = payments.filter((other) => other.undoneAt === null && other.createdAt <= payment.createdAt);
  return pdfs.file(`invoice-${row.id}-receipt-${payment.id}-v${layoutVersion}.pdf`, () => ({
    kind: 'invoice',
    frozen: row.frozen,
    void: false,
    payments: upTo.map(pdfPayment),
    receipt: pdfPayment(payment),
  }));
}
