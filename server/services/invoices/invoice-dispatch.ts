import { asc, eq } from 'drizzle-orm';
import { longDay } from '@shared/arizona-time';
import { formatCents } from '@shared/schemas/estimates';
import type { FrozenInvoice } from '@shared/schemas/invoices';
import type { DatabaseHandle } from '../../db/client';
import { deliveries, invoicePayments, invoices, type InvoicePaymentRow, type InvoiceRow } from '../../db/schema';
import { button, escapeHtml, heading, layout, oneLine, paragraph, small } from '../alerts/messages';
import type { AlertSettings, Mailer, MailMessage } from '../alerts/types';
import type { ClaimedDelivery } from '../outbox/outbox-worker';
import type { PdfMaker } from '../pdf/pdf-maker';
import { howToPayLines, paymentWords } from './invoice-pdf';
import { invoicePdfFile, receiptPdfFile } from './invoice-pdf-file';
import type { QrCodes } from './invoice-qr';
import { balanceOf } from './invoice-records';

/** The invoice's e-mails to the homeowner: the invoice, a receipt per payment, reminders past due. */

export const invoiceMailKinds = ['invoice_email', 'invoice_receipt', 'invoice_reminder'] as const;

const firstName = (name: string) => oneLine(name).split(/\s+/)[0] ?? '';

interface InvoiceMail {
  frozen: FrozenInvoice;
  pageUrl: string;
  balanceCents: number;
  pdf: Buffer;
  fileName: string;
}

function message(
  settings: AlertSettings,
  mail: InvoiceMail,
  subject: string,
  title: string,
  lines: string[],
): MailMessage {
  const { frozen, pageUrl } = mail;
  const business = frozen.business;
  const pay = mail.balanceCents > 0 ? ['How to pay:', ...howToPayLines(frozen).map((line) => `  ${line}`), ''] : [];
  const text = [
    `Hello ${firstName(frozen.homeowner.name)},`,
    '',
    ...lines,
    '',
    `See the invoice online: ${pageUrl}`,
    'It is attached as a PDF too.',
    '',
    ...pay,
    `Questions? Call us at ${business.phone}.`,
    '',
    business.name,
    `${business.licence} · ${business.phone}`,
    '',
  ].join('\n');
  const html = layout(
    subject,
    [
      heading(title, `${frozen.number} · ${oneLine(frozen.project.type)}`),
      ...lines.map((line) => paragraph(escapeHtml(line))),
      ...(mail.balanceCents > 0
        ? [paragraph(`<strong>How to pay</strong><br>${howToPayLines(frozen).map(escapeHtml).join('<br>')}`)]
        : []),
      button(pageUrl, 'See the invoice'),
      small(`The PDF is attached. Questions? Call ${escapeHtml(business.phone)}. ${escapeHtml(business.licence)}`),
    ].join(''),
  );
  return {
    from: settings.from,
    to: frozen.homeowner.email,
    subject,
    text,
    html,
    attachments: [{ filename: mail.fileName, content: mail.pdf, contentType: 'application/pdf' }],
  };
}

async function loadInvoice(database: DatabaseHandle, delivery: ClaimedDelivery) {
  const [sent] = await database.db
    .select({ invoiceId: deliveries.invoiceId, paymentId: deliveries.paymentId })
    .from(deliveries)
    .where(eq(deliveries.id, delivery.id));
  if (!sent?.invoiceId) throw new Error('The invoice of this message no longer exists');
  const [row] = await database.db.select().from(invoices).where(eq(invoices.id, sent.invoiceId));
  if (!row) throw new Error('The invoice of this message no longer exists');
  const payments = await database.db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, row.id))
    .orderBy(asc(invoicePayments.createdAt));
  return { row, payments, paymentId: sent.paymentId };
}

/** Sends the invoices' e-mails from the outbox; a reminder of an invoice paid or void by then is dropped. */
export function createInvoiceMail(options: {
  database: DatabaseHandle;
  mailer: Mailer;
  settings: AlertSettings;
  pdfs: PdfMaker;
  /** His QR codes as the site shows them now (server/index.ts); unset: none on the PDF. */
  qr?: () => QrCodes;
}) {
  const { database, mailer, settings, pdfs } = options;
  const pageUrl = (row: InvoiceRow) => `${settings.siteUrl}/invoice/${row.token}`;
  return {
    async deliver(delivery: ClaimedDelivery, messageId: string): Promise<void> {
      const { row, payments, paymentId } = await loadInvoice(database, delivery);
      const { frozen } = row;
      const business = frozen.business.name;
      const balanceCents = balanceOf(row, payments);
      const project = oneLine(frozen.project.type).toLowerCase();
      const due = longDay(frozen.dueDate);
      const base = { frozen, pageUrl: pageUrl(row), balanceCents, fileName: `invoice-${frozen.number}.pdf` };
      switch (delivery.kind) {
        case 'invoice_email':
        case 'invoice_reminder': {
          const reminder = delivery.kind === 'invoice_reminder';
          if (row.status === 'void' || (reminder && balanceCents === 0)) {
            await database.db.delete(deliveries).where(eq(deliveries.id, delivery.id));
            return;
          }
          const pdf = await invoicePdfFile(pdfs, row, payments, options.qr?.());
          const subject = reminder
            ? `Reminder: invoice ${frozen.number} for ${formatCents(balanceCents)} was due ${due} – ${business}`
            : `Invoice ${frozen.number} for your ${project}: ${formatCents(balanceCents)} due ${due} – ${business}`;
          const lines = reminder
            ? [
                `A friendly reminder: invoice ${frozen.number} (${oneLine(frozen.title)}) was due on ${due}, and ${formatCents(balanceCents)} is still open.`,
                'If you have already sent it, thank you, and please disregard this e-mail.',
              ]
            : [
                `Here is invoice ${frozen.number} from ${business} for your ${project}: ${oneLine(frozen.title)}, ${formatCents(frozen.totalCents)}.`,
                balanceCents < frozen.totalCents
                  ? `${formatCents(balanceCents)} is still due, by ${due}.`
                  : `It is due by ${due}.`,
              ];
          await mailer.send({
            ...message(
              settings,
              { ...base, pdf },
              subject,
              reminder ? 'A reminder about your invoice' : 'Your invoice',
              lines,
            ),
            messageId,
          });
          return;
        }
        case 'invoice_receipt': {
          const payment = payments.find((one: InvoicePaymentRow) => one.id === paymentId);
          if (!payment || payment.undoneAt) {
            await database.db.delete(deliveries).where(eq(deliveries.id, delivery.id));
            return;
          }
          const pdf = await receiptPdfFile(pdfs, row, payments, payment);
          const after = Math.max(
            0,
            frozen.totalCents -
              payments
                .filter((one) => one.undoneAt === null && one.createdAt <= payment.createdAt)
                .reduce((sum, one) => sum + one.amountCents, 0),
          );
          const subject = `Receipt for your payment of ${formatCents(payment.amountCents)} – ${frozen.number} – ${business}`;
          const lines = [
            `Thank you: we received your payment of ${paymentWords(payment)}, on invoice ${frozen.number}.`,
            after === 0
              ? `${frozen.number} is paid in full.`
              : `${formatCents(after)} is still due on ${frozen.number}, by ${due}.`,
          ];
          await mailer.send({
            ...message(
              settings,
              { ...base, balanceCents: after, pdf, fileName: `receipt-${frozen.number}.pdf` },
              subject,
              'Thank you for your payment',
              lines,
            ),
            messageId,
          });
          return;
        }
        default:
          throw new Error(`Not an invoice e-mail: ${delivery.kind}`);
      }
    },
  };
}

/** Whether an outbox row is an invoice's e-mail. */
export const isInvoiceMail = (kind: string) => (invoiceMailKinds as readonly string[]).includes(kind);
