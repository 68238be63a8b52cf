import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arizonaWrittenDay, arizonaWrittenTime } from '@shared/arizona-time';
import {
  estimateTotals,
  formatCents,
  formatQuantity,
  formatTaxRate,
  longDay,
  paperTitle,
  type FrozenEstimate,
} from '@shared/schemas/estimates';
import { scheduleAmounts, scheduleDueLabels } from '@shared/schemas/payment-schedule';
import { onFirstUse } from '../first-use';

/**
 * The estimate as a PDF, made on the server with pdfkit (loaded on first use: most requests
 * never need it). The site's font, Roboto Slab, is embedded (subset), so the text is real text a
 * reader can search and copy, and names with accents print right. Long estimates run over pages,
 * each numbered.
 */

export interface PdfApproval {
  name: string;
  at: Date;
  options: number[];
  totalCents: number;
  hash: string;
}

const require = createRequire(import.meta.url);
const fontFile = (weight: 400 | 700) =>
  require.resolve(`@fontsource/roboto-slab/files/roboto-slab-latin-${weight}-normal.woff`);

const loadPdfKit = onFirstUse('pdfkit', async () => {
  const [{ default: PDFDocument }, regular, bold] = await Promise.all([
    import('pdfkit'),
    readFile(fontFile(400)),
    readFile(fontFile(700)),
  ]);
  return { PDFDocument, regular, bold };
});

/**
 * A new document with the two fonts of the papers registered as `body` and `bold`, and its bytes
 * once it is ended: what every paper's PDF (estimates, change orders, invoices, receipts) starts from.
 */
export async function openPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const { PDFDocument, regular, bold } = await loadPdfKit();
  const doc = new PDFDocument(options);
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

const green = '#1f3d29';
const muted = '#5f574b';

export async function estimatePdf(frozen: FrozenEstimate, approval?: PdfApproval): Promise<Buffer> {
  const { doc, done } = await openPdf({
    size: 'LETTER',
    margins: { top: 54, bottom: 64, left: 54, right: 54 },
    bufferPages: true,
    info: {
      Title: `${paperTitle(frozen)} — ${frozen.business.name}`,
      Author: frozen.business.name,
      Subject: `${frozen.project.type} for ${frozen.homeowner.name}`,
    },
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  const { business, homeowner, project } = frozen;
  doc.font('bold').fontSize(20).fillColor(green).text(business.name, left, doc.y);
  doc.font('body').fontSize(10).fillColor(muted);
  doc.text(`${business.licence} · ${business.phone} · ${business.email}`);
  doc.moveDown(1);
  doc.font('bold').fontSize(16).fillColor('#1e1b16').text(paperTitle(frozen));
  doc.font('body').fontSize(10).fillColor(muted);
  const sentOn = arizonaWrittenDay(new Date(frozen.sentAt));
  doc.text(`Sent ${sentOn} · Valid until ${longDay(frozen.validUntil)}`);
  const change = frozen.changeOrder;
  if (change) {
    doc.moveDown(0.5);
    doc.font('body').fontSize(11).fillColor('#1e1b16');
    doc.text(`Changes Estimate ${change.estimateVersion} as approved. Reason: ${change.reason}`, { width });
    doc.text(`Days added to the work: ${change.daysAdded}`, { width });
  }
  doc.moveDown(0.8);
  doc.font('bold').fontSize(11).fillColor('#1e1b16').text('Prepared for');
  doc.font('body').fontSize(11);
  doc.text(homeowner.name);
  if (homeowner.address) doc.text(homeowner.address);
  doc.text(`${homeowner.email} · ${homeowner.phone}`);
  doc.text(`${project.type} in ${project.city}`);
  doc.moveDown(1);

  const columns = { qty: 56, unit: 86, total: 90 };
  const descriptionWidth = width - columns.qty - columns.unit - columns.total;
  const x = {
    qty: left + descriptionWidth,
    unit: left + descriptionWidth + columns.qty,
    total: left + descriptionWidth + columns.qty + columns.unit,
  };
  const header = () => {
    const y = doc.y;
    doc.font('bold').fontSize(10).fillColor(green);
    doc.text('Description', left, y, { width: descriptionWidth - 8 });
    doc.text('Qty', x.qty, y, { width: columns.qty, align: 'right' });
    doc.text('Unit price', x.unit, y, { width: columns.unit, align: 'right' });
    doc.text('Line total', x.total, y, { width: columns.total, align: 'right' });
    doc
      .moveTo(left, doc.y + 3)
      .lineTo(left + width, doc.y + 3)
      .strokeColor('#b8ad9c')
      .lineWidth(0.7)
      .stroke();
    doc.y += 8;
  };
  header();
  const ticked = approval?.options ?? [];
  frozen.items.forEach((item, index) => {
    const tag = item.optional
      ? approval
        ? ticked.includes(index)
          ? ' (optional: added)'
          : ' (optional: not chosen)'
        : ' (optional)'
      : '';
    const text = `${item.description}${tag}`;
    doc.font('body').fontSize(10);
    const height = doc.heightOfString(text, { width: descriptionWidth - 8 });
    if (doc.y + height + 6 > bottom()) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.fillColor(item.optional ? muted : '#1e1b16').text(text, left, y, { width: descriptionWidth - 8 });
    const after = doc.y;
    doc.text(formatQuantity(item.quantityMilli), x.qty, y, { width: columns.qty, align: 'right' });
    doc.text(formatCents(item.unitPriceCents), x.unit, y, { width: columns.unit, align: 'right' });
    doc.text(formatCents(item.lineTotalCents), x.total, y, { width: columns.total, align: 'right' });
    doc.y = Math.max(after, doc.y) + 6;
  });

  const totals = estimateTotals(frozen.items, frozen.taxRateMilli, ticked);
  ensure(80);
  doc
    .moveTo(x.unit - 40, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor('#b8ad9c')
    .stroke();
  doc.y += 6;
  const totalLine = (label: string, cents: number, strong = false) => {
    const y = doc.y;
    doc
      .font(strong ? 'bold' : 'body')
      .fontSize(strong ? 12 : 10)
      .fillColor('#1e1b16');
    doc.text(label, x.unit - 120, y, { width: 120 + columns.unit - 8, align: 'right' });
    doc.text(formatCents(cents), x.total, y, { width: columns.total, align: 'right' });
    doc.y += 2;
  };
  totalLine('Subtotal', totals.subtotalCents);
  totalLine(`Tax (${formatTaxRate(frozen.taxRateMilli)} %)`, totals.taxCents);
  const grand = change ? 'Change order total' : 'Total';
  totalLine(approval ? `Approved ${grand.toLowerCase()}` : grand, totals.totalCents, true);
  if (change) {
    doc.y += 4;
    totalLine('The job before this change', change.jobTotalBeforeCents);
    totalLine('New job total', change.jobTotalBeforeCents + totals.totalCents, true);
  }
  if (!approval && frozen.items.some((item) => item.optional)) {
    doc
      .font('body')
      .fontSize(9)
      .fillColor(muted)
      .text('Optional lines are not in this total: tick them on the estimate’s page to add them.', left, doc.y + 4, {
        width,
        align: 'right',
      });
  }
  doc.moveDown(1);

  const schedule = frozen.schedule ?? [];
  if (schedule.length > 0) {
    ensure(40 + schedule.length * 18);
    const amounts = scheduleAmounts(schedule, totals.totalCents);
    doc.font('bold').fontSize(11).fillColor(green).text('Payment schedule', left, doc.y);
    doc.font('body').fontSize(9).fillColor(muted);
    doc.text(
      approval
        ? 'On the approved total.'
        : 'On the total above. Options you add raise each part; the last part is the balance.',
      { width },
    );
    doc.moveDown(0.3);
    schedule.forEach((part, index) => {
      const share =
        index === schedule.length - 1 && schedule.length > 1
          ? 'the balance'
          : part.percentMilli !== undefined
            ? `${part.percentMilli / 1000} %`
            : formatCents(part.amountCents ?? 0);
      const y = doc.y;
      doc.font('body').fontSize(10).fillColor('#1e1b16');
      doc.text(`${part.label} — ${scheduleDueLabels[part.due].toLowerCase()}, ${share}`, left, y, {
        width: width - columns.total - 8,
      });
      const after = doc.y;
      doc.text(formatCents(amounts[index] ?? 0), x.total, y, { width: columns.total, align: 'right' });
      doc.y = Math.max(after, doc.y) + 3;
    });
    doc.moveDown(1);
  }

  if (frozen.notes) {
    ensure(60);
    doc.font('bold').fontSize(11).fillColor(green).text('Notes', left, doc.y);
    doc.font('body').fontSize(10).fillColor('#1e1b16').text(frozen.notes, { width });
    doc.moveDown(1);
  }

  if (approval) {
    ensure(150);
    const optional = frozen.items.some((item) => item.optional);
    const chosen = approval.options.map((index) => frozen.items[index]?.description ?? `line ${index + 1}`);
    const when = arizonaWrittenTime(approval.at);
    doc
      .font('bold')
      .fontSize(12)
      .fillColor(green)
      .text(`Approved on ${when} by ${approval.name}`, left, doc.y, { width });
    doc.font('body').fontSize(10).fillColor('#1e1b16');
    doc.moveDown(0.3);
    doc.text('What the approval recorded:', { width });
    doc.text(`Signed by typing the name: ${approval.name}`, { width });
    doc.text(`Time of the approval: ${when}`, { width });
    if (optional) doc.text(`Options chosen: ${chosen.length ? chosen.join('; ') : 'none'}`, { width });
    doc.text(`Approved total: ${formatCents(approval.totalCents)}`);
    doc.moveDown(0.3);
    doc.text(
      `This is the ${change ? 'change order' : 'estimate'} exactly as it was sent on ${sentOn}. Once sent it cannot be changed, so this approval is for these lines and this total only.`,
      { width },
    );
    doc.moveDown(0.5);
    // The fingerprint is for a dispute, not for reading: small print, named for what it is.
    doc
      .font('body')
      .fontSize(8)
      .fillColor(muted)
      .text(
        'Fingerprint of this document (the SHA-256 of the estimate as sent, in RFC 8785 canonical JSON; any change to the estimate would change it):',
        { width },
      )
      .text(approval.hash, { width });
  }

  const range = doc.bufferedPageRange();
  if (range.count > 1) {
    for (let page = range.start; page < range.start + range.count; page++) {
      doc.switchToPage(page);
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc.font('body').fontSize(9).fillColor(muted);
      doc.text(`Page ${page - range.start + 1} of ${range.count}`, left, doc.page.height - 40, {
        width,
        align: 'center',
      });
      doc.page.margins.bottom = margin;
    }
  }
  doc.end();
  return done;
}
