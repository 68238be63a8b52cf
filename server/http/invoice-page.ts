import { longDay } from '@shared/arizona-time';
import { formatCents, formatQuantity, formatTaxRate } from '@shared/schemas/estimates';
import type { FrozenInvoice } from '@shared/schemas/invoices';
import type { UploadedPhoto } from '@shared/content/types';
import { uploadedImageUrl } from '@shared/images';
import { paymentWords, type PdfPayment } from '../services/invoices/invoice-pdf';
import { qrWidth } from '../services/invoices/invoice-qr';
import { escapeHtml, type HomeownerPage } from './homeowner-shell';

/**
 * The homeowner's invoice page, /invoice/<token>: plain HTML made on the server in the homeowner
 * page shell, complete without scripts (it has none). What is due and by when, what was paid,
 * "Paid in full" once so, and how to pay, with his Venmo and Cash App QR codes when he put them in.
 */

export interface InvoicePageView {
  token: string;
  frozen: FrozenInvoice;
  void: boolean;
  payments: PdfPayment[];
  balanceCents: number;
  overdue: boolean;
  /** The site pictures `qr/venmo` and `qr/cash-app`, when uploaded. */
  qr: { venmo?: UploadedPhoto; cashApp?: UploadedPhoto };
}

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function qrImage(photo: UploadedPhoto | undefined, alt: string): string {
  if (!photo) return '';
  return `<img class="qr" src="${escapeHtml(uploadedImageUrl(photo.id, qrWidth(photo), 'png'))}" width="180" height="${Math.round((180 * photo.height) / photo.width)}" alt="${escapeHtml(alt)}">`;
}

function howToPay(view: InvoicePageView): string {
  const { payTo, business, number } = view.frozen;
  const ways = [
    `<li><strong>Check</strong> payable to ${escapeHtml(payTo.payee || business.name)}</li>`,
    ...(payTo.zelle ? [`<li><strong>Zelle</strong> to ${escapeHtml(payTo.zelle)}</li>`] : []),
    ...(payTo.venmo
      ? [
          `<li><strong>Venmo</strong> ${escapeHtml(payTo.venmo)}${qrImage(view.qr.venmo, `Venmo QR code for ${payTo.venmo}`)}</li>`,
        ]
      : []),
    ...(payTo.cashApp
      ? [
          `<li><strong>Cash App</strong> ${escapeHtml(payTo.cashApp)}${qrImage(view.qr.cashApp, `Cash App QR code for ${payTo.cashApp}`)}</li>`,
        ]
      : []),
    '<li><strong>Cash</strong> in person</li>',
  ];
  return `<section class="card" aria-labelledby="pay-heading">
<h2 id="pay-heading">How to pay</h2>
<ul class="ways">${ways.join('')}</ul>
${payTo.instructions ? `<p class="notes">${escapeHtml(payTo.instructions)}</p>` : ''}
<p class="muted small">Please write ${escapeHtml(number)} with your payment. There is no online payment: ${escapeHtml(business.name)} records it when it comes and e-mails you a receipt.</p>
</section>`;
}

function lines(view: InvoicePageView): string {
  const { frozen } = view;
  const rows = frozen.items
    .map((item) => {
      const each =
        item.quantityMilli !== 1000
          ? `<span class="each">${formatQuantity(item.quantityMilli)} × ${formatCents(item.unitPriceCents)}</span>`
          : '';
      return `<tr><td>${item.extra ? '<span class="tag plain">Extra work</span> ' : ''}${escapeHtml(item.description)}${each}</td><td class="num">${formatCents(item.lineTotalCents)}</td></tr>`;
    })
    .join('\n');
  const tax = frozen.taxIncluded
    ? frozen.taxCents > 0
      ? `<div><dt>Includes tax (${formatTaxRate(frozen.taxRateMilli)} %)</dt><dd>${formatCents(frozen.taxCents)}</dd></div>`
      : ''
    : `<div><dt>Subtotal</dt><dd>${formatCents(frozen.subtotalCents)}</dd></div><div><dt>Tax (${formatTaxRate(frozen.taxRateMilli)} %)</dt><dd>${formatCents(frozen.taxCents)}</dd></div>`;
  const paid = view.payments
    .map(
      (payment) =>
        `<div><dt>Paid: ${escapeHtml(paymentWords(payment))}</dt><dd>−${formatCents(payment.amountCents)}</dd></div>`,
    )
    .join('');
  const extra =
    frozen.extraCents > 0
      ? `<div><dt>Of which extra work, beyond the approved estimate</dt><dd>${formatCents(frozen.extraCents)}</dd></div>`
      : '';
  return `<table class="lines">
<thead><tr><th scope="col">Description</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<dl class="totals">
${frozen.taxIncluded ? '' : tax}<div class="grand"><dt>Total</dt><dd>${formatCents(frozen.totalCents)}</dd></div>
${frozen.taxIncluded ? tax : ''}${extra}${paid}
${
  view.payments.length === 0 && !view.void
    ? ''
    : `<div class="grand"><dt>${view.void ? 'Nothing is due' : view.balanceCents === 0 ? 'Paid in full' : 'Balance due'}</dt><dd>${formatCents(view.balanceCents)}</dd></div>`
}
</dl>`;
}

function status(view: InvoicePageView): string {
  const { frozen } = view;
  if (view.void)
    return `<p class="hw-notice error" role="status">This invoice was cancelled (void): nothing is due on it.</p>`;
  if (view.balanceCents === 0) return `<p class="hw-notice success paid" role="status">Paid in full. Thank you!</p>`;
  return `<p class="due${view.overdue ? ' overdue' : ''}"><span class="amount">${formatCents(view.balanceCents)}</span> due by ${escapeHtml(longDay(frozen.dueDate))}${view.overdue ? ' <span class="tag plain">Past due</span>' : ''}</p>
${view.payments.length > 0 ? `<p class="muted">Paid so far: ${formatCents(frozen.totalCents - view.balanceCents)} of ${formatCents(frozen.totalCents)}.</p>` : ''}`;
}

export function renderInvoicePage(view: InvoicePageView): HomeownerPage {
  const { frozen } = view;
  const { business, homeowner, project } = frozen;
  const state = view.void ? 'void' : view.balanceCents === 0 ? 'paid' : 'open';
  return {
    title: `Invoice ${frozen.number}`,
    style: invoiceStyles,
    status: `invoice-${state}`,
    main: `<div class="invoice">
<section class="card">
<p class="muted small byline">${escapeHtml(business.name)} · ${escapeHtml(business.licence)} · <a href="${escapeHtml(telOf(business.phone))}">${escapeHtml(business.phone)}</a></p>
<h1>Invoice ${escapeHtml(frozen.number)}</h1>
<p class="muted">${escapeHtml(frozen.title)} · ${escapeHtml(project.type)} in ${escapeHtml(project.city)}</p>
${status(view)}
<dl class="meta">
<div><dt>Billed to</dt><dd>${escapeHtml(homeowner.name)}${homeowner.address ? `<br>${escapeHtml(homeowner.address)}` : ''}</dd></div>
<div><dt>Issued</dt><dd>${escapeHtml(longDay(frozen.issuedOn))}</dd></div>
<div><dt>Due</dt><dd>${escapeHtml(longDay(frozen.dueDate))}</dd></div>
</dl>
</section>
<section class="card" aria-labelledby="lines-heading">
<h2 id="lines-heading">What this invoice is for</h2>
${lines(view)}
<p class="muted small job-note">The job's approved total with its change orders: ${formatCents(frozen.jobTotalCents)} (estimate ${frozen.estimateVersion}).</p>
</section>
${state === 'open' ? howToPay(view) : ''}
<section class="card no-print"><p style="margin-top:0"><a class="hw-button secondary" href="/invoice/${escapeHtml(view.token)}/pdf" download>Download the PDF</a></p>
<p class="muted small" style="margin-bottom:0">Questions? Call <a href="${escapeHtml(telOf(business.phone))}">${escapeHtml(business.phone)}</a> or write to <a href="mailto:${escapeHtml(business.email)}">${escapeHtml(business.email)}</a>.</p></section>
</div>`,
  };
}

export function unknownInvoicePage(business: { name: string; phone: string }): HomeownerPage {
  return {
    title: 'Invoice not found',
    style: invoiceStyles,
    status: 'invoice-unknown',
    main: `<section class="card"><h1>This invoice link does not work</h1>
<p>It may have been copied only in part. Please open the link from our e-mail again, or call us at <a href="${escapeHtml(telOf(business.phone))}">${escapeHtml(business.phone)}</a>.</p></section>`,
  };
}

const invoiceStyles = `
.invoice h1{font-size:1.625rem;margin:0 0 .25rem}
.invoice h2{margin:0 0 .75rem}
.card{background:#fff;border:1px solid #f1e5cf;border-radius:.75rem;padding:1.125rem 1rem;box-shadow:0 1px 2px rgba(30,27,22,.05);margin:0 0 1rem}
.muted{color:#5f574b}
.small{font-size:.875rem}
.byline{margin:0 0 .5rem}
.invoice p a:not(.hw-button){text-decoration:underline;text-underline-offset:3px}
.due{margin:1rem 0 .25rem;font-size:1.125rem}
.due .amount{font:700 1.75rem/1.2 "Roboto Slab",Georgia,serif;color:#162c1f;display:block}
.due.overdue .amount{color:#7c3626}
.paid{font-size:1.25rem}
.meta{display:grid;gap:.75rem;margin:1rem 0 0;padding:0}
.meta dt{font-size:.75rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#6f4522}
.meta dd{margin:.125rem 0 0}
.lines{width:100%;border-collapse:collapse}
.lines th{font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:#5f574b;text-align:left;padding:.375rem 0;border-bottom:2px solid #f1e5cf}
.lines td{padding:.75rem 0;border-bottom:1px solid #f1e5cf;vertical-align:top}
.num{text-align:right;white-space:nowrap;padding-left:.75rem}
.each{display:block;font-size:.875rem;color:#5f574b;margin-top:.125rem}
.tag{display:inline-block;font-size:.6875rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#6f4522;background:#f4e8d6;border-radius:999px;padding:.0625rem .5rem}
.totals{margin:.75rem 0 0;display:grid;gap:.25rem}
.totals div{display:flex;justify-content:space-between;gap:.75rem}
.totals dt,.totals dd{margin:0}
.totals dd{white-space:nowrap}
.totals .grand{font:700 1.25rem/1.3 "Roboto Slab",Georgia,serif;color:#162c1f;border-top:2px solid #f1e5cf;padding-top:.5rem;margin-top:.25rem}
.ways{list-style:none;margin:0 0 1rem;padding:0;display:grid;gap:.75rem}
.ways li{padding:.75rem;border:1px solid #f1e5cf;border-radius:.5rem}
.qr{display:block;margin:.75rem 0 0;width:180px;height:auto;image-rendering:pixelated}
.notes{white-space:pre-wrap}
.job-note{margin:1rem 0 0}
@media (min-width:40rem){.card{padding:1.5rem}.meta{grid-template-columns:repeat(3,1fr)}}
@media print{.no-print{display:none}}
`;
