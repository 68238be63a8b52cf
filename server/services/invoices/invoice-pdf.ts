import { longDay } from '@shared/arizona-time';
import { formatCents, formatQuantity, formatTaxRate } from '@shared/schemas/estimates';
import { paymentMethodWords, type FrozenInvoice, type PaymentMethod } from '@shared/schemas/invoices';
import { openPdf } from '../estimates/estimate-pdf';

/**
 * The invoice as a PDF (pdfkit, Roboto Slab embedded, as the estimate's): what is due, by when,
 * what was paid, and how to pay. A receipt is the same paper headed by the payment it confirms.
 */

export interface PdfPayment {
  amountCents: number;
  method: PaymentMethod;
  receivedOn: string;
  reference: string | null;
}

export interface InvoicePdfJob {
  kind: 'invoice';
  frozen: FrozenInvoice;
  void: boolean;
  payments: PdfPayment[];
  /** A receipt: the payment it confirms. */
  receipt?: PdfPayment;
  /** His Venmo and Cash App QR codes (PNG), when he put them in. */
  qr?: { venmo?: Uint8Array; cashApp?: Uint8Array };
}

const green = '#1f3d29';
const muted = '#5f574b';
const ink = '#1e1b16';

export const paymentWords = (payment: PdfPayment) =>
  `${formatCents(payment.amountCents)} by ${paymentMethodWords[payment.method]}${
    payment.reference ? ` (${payment.method === 'check' ? 'check ' : ''}${payment.reference})` : ''
  }, received ${longDay(payment.receivedOn)}`;

/** How to pay, as lines of text: the payee for checks, Zelle, Venmo, Cash App, his other words. */
export function howToPayLines(frozen: FrozenInvoice): string[] {
  const { payTo, business } = frozen;
  return [
    `Check: payable to ${payTo.payee || business.name}`,
    ...(payTo.zelle ? [`Zelle: ${payTo.zelle}`] : []),
    ...(payTo.venmo ? [`Venmo: ${payTo.venmo}`] : []),
    ...(payTo.cashApp ? [`Cash App: ${payTo.cashApp}`] : []),
    ...(payTo.instructions ? [payTo.instructions] : []),
    `Please write ${frozen.number} with your payment.`,
  ];
}

export async function invoicePdf(job: InvoicePdfJob): Promise<Buffer> {
  const { frozen } = job;
  const { doc, done } = await openPdf({
    size: 'LETTER',
    margins: { top: 54, bottom: 64, left: 54, right: 54 },
    info: {
      Title: `${job.receipt ? 'Receipt for ' : ''}Invoice ${frozen.number} — ${frozen.business.name}`,
      Author: frozen.business.name,
    },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const { business, homeowner, project } = frozen;
  const paid = job.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
  const balance = job.void ? 0 : Math.max(0, frozen.totalCents - paid);

  doc.font('bold').fontSize(20).fillColor(green).text(business.name, left, doc.y);
  doc.font('body').fontSize(10).fillColor(muted).text(`${business.licence} · ${business.phone} · ${business.email}`);
  doc.moveDown(1);
  if (job.receipt) {
    doc
      .font('bold')
      .fontSize(16)
      .fillColor(ink)
      .text(`Receipt: ${formatCents(job.receipt.amountCents)} received`);
    doc
      .font('body')
      .fontSize(10)
      .fillColor(muted)
      .text(`Payment of ${paymentWords(job.receipt)}, on invoice ${frozen.number}.`);
    doc.moveDown(0.8);
  }
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(ink)
    .text(`Invoice ${frozen.number}${job.void ? ' (void)' : ''}`);
  doc
    .font('body')
    .fontSize(10)
    .fillColor(muted)
    .text(`${frozen.title} · Issued ${longDay(frozen.issuedOn)} · Due ${longDay(frozen.dueDate)}`);
  doc.moveDown(0.8);
  doc.font('bold').fontSize(11).fillColor(ink).text('Bill to');
  doc.font('body').fontSize(11).text(homeowner.name);
  if (homeowner.address) doc.text(homeowner.address);
  doc.text(`${project.type} in ${project.city} · Estimate ${frozen.estimateVersion}`);
  doc.moveDown(1);

  const amountWidth = 100;
  const lineHead = () => {
    const y = doc.y;
    doc.font('bold').fontSize(10).fillColor(green);
    doc.text('Description', left, y, { width: width - amountWidth - 8 });
    doc.text('Amount', left + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc
      .moveTo(left, doc.y + 3)
      .lineTo(left + width, doc.y + 3)
      .strokeColor('#b8ad9c')
      .lineWidth(0.7)
      .stroke();
    doc.y += 8;
  };
  lineHead();
  for (const item of frozen.items) {
    const text = `${item.extra ? 'Extra work: ' : ''}${item.description}${
      item.quantityMilli !== 1000
        ? ` (${formatQuantity(item.quantityMilli)} × ${formatCents(item.unitPriceCents)})`
        : ''
    }`;
    if (doc.y + 30 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      lineHead();
    }
    const y = doc.y;
    doc
      .font('body')
      .fontSize(10)
      .fillColor(ink)
      .text(text, left, y, { width: width - amountWidth - 8 });
    const after = doc.y;
    doc.text(formatCents(item.lineTotalCents), left + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(after, doc.y) + 6;
  }
  const total = (label: string, cents: number, strong = false, minus = false) => {
    const y = doc.y;
    doc
      .font(strong ? 'bold' : 'body')
      .fontSize(strong ? 12 : 10)
      .fillColor(ink);
    doc.text(label, left, y, { width: width - amountWidth - 8, align: 'right' });
    doc.text(`${minus ? '−' : ''}${formatCents(cents)}`, left + width - amountWidth, y, {
      width: amountWidth,
      align: 'right',
    });
    doc.y += 2;
  };
  doc.moveDown(0.3);
  if (frozen.taxIncluded) {
    total('Total', frozen.totalCents, true);
    if (frozen.taxCents > 0) total(`Includes tax (${formatTaxRate(frozen.taxRateMilli)} %)`, frozen.taxCents);
  } else {
    total('Subtotal', frozen.subtotalCents);
    total(`Tax (${formatTaxRate(frozen.taxRateMilli)} %)`, frozen.taxCents);
    total('Total', frozen.totalCents, true);
  }
  if (frozen.extraCents > 0) total('Of which extra work, beyond the approved estimate', frozen.extraCents);
  for (const payment of job.payments) total(`Paid: ${paymentWords(payment)}`, payment.amountCents, false, true);
  total(
    job.void ? 'Void: nothing is due' : balance === 0 ? 'Paid in full' : `Balance due by ${longDay(frozen.dueDate)}`,
    balance,
    true,
  );
  doc.moveDown(1.2);

  if (!job.void && balance > 0) {
    doc.font('bold').fontSize(12).fillColor(green).text('How to pay', left, doc.y);
    doc.font('body').fontSize(10).fillColor(ink);
    for (const line of howToPayLines(frozen)) doc.text(line, { width });
    doc.moveDown(0.5);
    const codes = [
      ['Venmo', job.qr?.venmo],
      ['Cash App', job.qr?.cashApp],
    ].filter((code): code is [string, Uint8Array] => code[1] !== undefined);
    if (codes.length > 0) {
      if (doc.y + 140 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      codes.forEach(([name, png], index) => {
        const x = left + index * 140;
        doc.image(Buffer.from(png), x, top, { width: 110, height: 110 });
        doc
          .font('body')
          .fontSize(9)
          .fillColor(muted)
          .text(name, x, top + 114, { width: 110, align: 'center' });
      });
      doc.x = left;
      doc.y = top + 132;
    }
  }
  doc
    .font('body')
    .fontSize(9)
    .fillColor(muted)
    .text(
      `The job's approved total with its change orders: ${formatCents(frozen.jobTotalCents)}. Questions? Call ${business.phone}.`,
      left,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
