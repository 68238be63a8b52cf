import { arizonaWrittenDay, arizonaWrittenTime } from '@shared/arizona-time';
import {
  declineReasonLabels,
  declineReasons,
  estimateLabels,
  estimateLimits,
  estimateTotals,
  formatCents,
  formatQuantity,
  formatTaxRate,
  longDay,
  type DeclineReason,
  type FrozenEstimate,
} from '@shared/schemas/estimates';
import { estimateScriptPath, estimateStyles } from './estimate-page-assets';
import {
  changeOrderFacts,
  changeOrderJobTotals,
  paperNoun,
  paperTitle,
  scheduleBlock,
  schedulePageStyles,
} from './estimate-page-parts';
import { escapeHtml, type HomeownerPage } from './homeowner-shell';

/**
 * The homeowner's estimate page, /estimate/<token>: plain HTML made on the server, complete
 * without JavaScript. `estimatePageMain` is the page's content; `renderEstimatePage` puts it in
 * the site's frame (header, colours, type).
 */

export type EstimatePageState = 'open' | 'approved' | 'declined' | 'expired' | 'replaced';

export interface EstimatePageView {
  token: string;
  frozen: FrozenEstimate;
  state: EstimatePageState;
  /** Optional lines ticked: the approved ones, or those of an Update total. */
  ticked: number[];
  approval?: { name: string; at: Date; totalCents: number };
  decline?: { reason: DeclineReason | null; comment: string | null };
  /** The version that replaced this one. */
  replacedByPath?: string;
  notice?: { tone: 'success' | 'error'; text: string };
  /** What was typed in the approval, kept when it is refused. */
  values?: { name: string; accept: boolean };
  /** The owner's preview: the page as it will be, its forms inert. */
  preview?: boolean;
}

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function contact(frozen: FrozenEstimate): string {
  const { business } = frozen;
  return `<a href="${escapeHtml(telOf(business.phone))}">${escapeHtml(business.phone)}</a> or <a href="mailto:${escapeHtml(business.email)}">${escapeHtml(business.email)}</a>`;
}

function linesTable(view: EstimatePageView, selectable: boolean): string {
  const { frozen } = view;
  const rows = frozen.items
    .map((item, index) => {
      const each = `${formatQuantity(item.quantityMilli)} × ${formatCents(item.unitPriceCents)}`;
      const ticked = view.ticked.includes(index);
      const description = item.optional
        ? selectable
          ? `<label class="option" for="option-${index}"><input type="checkbox" id="option-${index}" name="options" value="${index}"${ticked ? ' checked' : ''}${view.preview ? ' disabled' : ''}><span>${escapeHtml(item.description)}</span></label>`
          : `<span>${escapeHtml(item.description)}</span> <span class="tag plain">${ticked ? 'Added' : 'Not chosen'}</span>`
        : escapeHtml(item.description);
      return `<tr${item.optional ? ' class="optional-row"' : ''} data-line-cents="${item.lineTotalCents}"${item.optional ? ` data-option="${index}"` : ''}>
<td>${description}${item.optional && selectable ? ' <span class="tag">Optional</span>' : ''}<span class="each">${each}</span></td>
<td class="num col-qty">${formatQuantity(item.quantityMilli)}</td>
<td class="num col-unit">${formatCents(item.unitPriceCents)}</td>
<td class="num">${formatCents(item.lineTotalCents)}</td>
</tr>`;
    })
    .join('\n');
  const totals = estimateTotals(frozen.items, frozen.taxRateMilli, view.ticked);
  return `<table class="lines">
<thead><tr><th scope="col">Description</th><th scope="col" class="num col-qty">Qty</th><th scope="col" class="num col-unit">Unit price</th><th scope="col" class="num">Line total</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<dl class="totals">
<div><dt>Subtotal</dt><dd data-total="subtotal">${formatCents(totals.subtotalCents)}</dd></div>
<div><dt>Tax (${formatTaxRate(frozen.taxRateMilli)} %)</dt><dd data-total="tax">${formatCents(totals.taxCents)}</dd></div>
<div class="grand"><dt>${grandLabel(view)}</dt><dd data-total="total" aria-live="polite">${formatCents(totals.totalCents)}</dd></div>
</dl>
${changeOrderJobTotals(frozen)}
${scheduleBlock(frozen, view.ticked)}`;
}

function grandLabel(view: EstimatePageView): string {
  const change = view.frozen.changeOrder ? 'Change order total' : 'Total';
  return view.state === 'approved' ? `Approved ${change.toLowerCase()}` : change;
}

function summary(view: EstimatePageView): string {
  const { frozen } = view;
  const { business, homeowner, project } = frozen;
  return `<p class="muted small byline">${escapeHtml(business.name)} · ${escapeHtml(business.licence)} · <a href="${escapeHtml(telOf(business.phone))}">${escapeHtml(business.phone)}</a></p>
<h1>${frozen.changeOrder ? escapeHtml(paperTitle(frozen)) : `Estimate for your ${escapeHtml(project.type.toLowerCase())}`}</h1>
<dl class="meta">
<div><dt>Prepared for</dt><dd>${escapeHtml(homeowner.name)}${homeowner.address ? `<br>${escapeHtml(homeowner.address)}` : `<br>${escapeHtml(project.city)}`}</dd></div>
<div><dt>Project</dt><dd>${escapeHtml(project.type)} in ${escapeHtml(project.city)}<br><span class="muted small">${escapeHtml(paperTitle(frozen))}, sent ${escapeHtml(arizonaWrittenDay(new Date(frozen.sentAt)))}</span></dd></div>
<div><dt>Valid until</dt><dd>${escapeHtml(longDay(frozen.validUntil))}</dd></div>
</dl>
${changeOrderFacts(frozen)}`;
}

function notesBlock(frozen: FrozenEstimate): string {
  return frozen.notes.trim()
    ? `<section class="card" aria-labelledby="notes-heading"><h2 id="notes-heading">Notes</h2><p class="notes">${escapeHtml(frozen.notes)}</p></section>`
    : '';
}

function pdfLink(view: EstimatePageView, signed: boolean): string {
  if (view.preview) return '';
  return `<p><a class="hw-button secondary" href="/estimate/${escapeHtml(view.token)}/pdf" download>${signed ? 'Download the signed PDF' : estimateLabels.downloadPdf}</a></p>`;
}

function answerForms(view: EstimatePageView): string {
  const path = `/estimate/${escapeHtml(view.token)}`;
  const inert = view.preview ? ' disabled' : '';
  const values = view.values ?? { name: '', accept: false };
  const options = declineReasons
    .map(
      (reason) =>
        `<label><input type="radio" name="reason" value="${reason}" required${inert}> ${escapeHtml(declineReasonLabels[reason])}</label>`,
    )
    .join('');
  const noun = paperNoun(view.frozen);
  return `<section class="card" aria-labelledby="approve-heading">
<h2 id="approve-heading">Approve this ${noun}</h2>
<div class="stack">
<div><label class="hw-field" for="approve-name">${estimateLabels.yourName}</label>
<input type="text" id="approve-name" name="name" form="approve-form" autocomplete="name" maxlength="${estimateLimits.maxName}" required value="${escapeHtml(values.name)}"${inert}>
<p class="muted small">Typing your name is your signature.</p></div>
<label class="check"><input type="checkbox" name="accept" value="true" form="approve-form" required${values.accept ? ' checked' : ''}${inert}> I accept this ${noun} and its terms</label>
<div><button type="submit" class="hw-button" form="approve-form"${inert}>Approve ${noun}</button></div>
</div>
<details>
<summary>Decline</summary>
<form method="post" action="${path}/decline" class="stack">
<fieldset><legend>${estimateLabels.decide}</legend><div class="radios">${options}</div></fieldset>
<div><label class="hw-field" for="decline-comment">${estimateLabels.comment}</label>
<textarea id="decline-comment" name="comment" maxlength="${estimateLimits.maxComment}"${inert}></textarea></div>
<div><button type="submit" class="hw-button secondary"${inert}>Decline ${noun}</button></div>
</form>
</details>
${questionForm(view)}
</section>`;
}

function questionForm(view: EstimatePageView): string {
  const inert = view.preview ? ' disabled' : '';
  return `<details>
<summary>${estimateLabels.question}</summary>
<form method="post" action="/estimate/${escapeHtml(view.token)}/question" class="stack">
<div><label class="hw-field" for="question-message">Your question</label>
<textarea id="question-message" name="message" maxlength="${estimateLimits.maxQuestion}" required${inert}></textarea>
<p class="muted small">It goes to ${escapeHtml(view.frozen.business.name)}; we answer by phone or e-mail.</p></div>
<div><button type="submit" class="hw-button secondary"${inert}>${estimateLabels.sendQuestion}</button></div>
</form>
</details>`;
}

/** What a decline's answer thanks her for, in words (the reason's label alone reads like a form field). */
const declineThanks: Record<DeclineReason, string> = {
  price: 'Thank you for letting us know the price did not work for you.',
  timing: 'Thank you for letting us know the timing did not work for you.',
  competitor: 'Thank you for letting us know you chose someone else.',
  'not-a-fit': 'Thank you for letting us know it was not the right fit.',
  other: 'Thank you for letting us know.',
};

/** What her approval recorded, in plain words; the fingerprint is for the signed PDF's small print. */
function approvalRecord(view: EstimatePageView, approval: NonNullable<EstimatePageView['approval']>): string {
  const { frozen } = view;
  const optional = frozen.items.some((item) => item.optional);
  const chosen = view.ticked.map((index) => frozen.items[index]?.description).filter(Boolean);
  const options = optional
    ? `<li>The options you chose: ${chosen.length ? chosen.map((text) => escapeHtml(text!)).join('; ') : 'none'}</li>`
    : '';
  return `<section class="card" aria-labelledby="record-heading">
<h2 id="record-heading">What your approval recorded</h2>
<ul class="record">
<li>Your name, as you typed it: ${escapeHtml(approval.name)}</li>
<li>The time: ${escapeHtml(arizonaWrittenTime(approval.at))}</li>
${options}<li>The total you approved: ${formatCents(approval.totalCents)}</li>
</ul>
<p>The ${paperNoun(frozen)} you approved is kept exactly as it was sent to you on ${escapeHtml(arizonaWrittenDay(new Date(frozen.sentAt)))}: nobody can change it now, neither you nor ${escapeHtml(frozen.business.name)}. The signed PDF is your copy of it. We also keep the internet address and the browser you approved from, as proof of the signature.</p>
</section>`;
}

/** The page's content (what goes in the site's <main>). */
export function estimatePageMain(view: EstimatePageView): string {
  const { frozen, state } = view;
  const notice = view.notice
    ? `<p class="hw-notice ${view.notice.tone}" role="${view.notice.tone === 'error' ? 'alert' : 'status'}">${escapeHtml(view.notice.text)}</p>`
    : '';
  if (state === 'replaced')
    return `${notice}<section class="card"><h1>This estimate was replaced</h1>
<p>${escapeHtml(frozen.business.name)} sent you a newer version of this estimate, so this one no longer applies.</p>
${view.replacedByPath ? `<p><a class="hw-button" href="${escapeHtml(view.replacedByPath)}">Open the new estimate</a></p>` : ''}
<p class="muted">Questions? Call or write to us: ${contact(frozen)}.</p></section>`;
  if (state === 'expired')
    return `${notice}<section class="card"><h1>This estimate has expired</h1>
<p>It was valid until ${escapeHtml(longDay(frozen.validUntil))}. Prices and schedules change, so please ask us for an up-to-date one: ${contact(frozen)}.</p></section>
<section class="card">${summary(view)}${linesTable(view, false)}</section>`;
  if (state === 'declined')
    return `${notice}<section class="card"><h1>You declined this estimate</h1>
<p>${escapeHtml(declineThanks[view.decline?.reason ?? 'other'])} If anything changes, we would be glad to hear from you: ${contact(frozen)}.</p></section>
<section class="card">${summary(view)}${linesTable(view, false)}</section>`;
  if (state === 'approved' && view.approval) {
    const { approval } = view;
    return `${notice}<section class="card approved-stamp" aria-labelledby="approved-heading">
<h1 id="approved-heading">Approved on ${escapeHtml(arizonaWrittenTime(approval.at))} by ${escapeHtml(approval.name)}</h1>
<p><strong>What happens next:</strong> ${
      frozen.changeOrder
        ? `the work changes as this change order says. ${escapeHtml(frozen.business.name)} will confirm the schedule with you. A copy of the signed change order is on its way to ${escapeHtml(frozen.homeowner.email)}.`
        : `${escapeHtml(frozen.business.name)} will call you within two business days to schedule the work and the deposit. A copy of the signed estimate is on its way to ${escapeHtml(frozen.homeowner.email)}.`
    }</p>
${pdfLink(view, true)}
</section>
<section class="card">${summary(view)}${linesTable(view, false)}</section>
${approvalRecord(view, approval)}
${notesBlock(frozen)}
<section class="card">${questionForm(view)}</section>`;
  }
  const path = `/estimate/${escapeHtml(view.token)}`;
  const hasOptions = frozen.items.some((item) => item.optional);
  return `${notice}<section class="card">
${summary(view)}
</section>
<form method="post" action="${path}/approve" id="approve-form" data-estimate-form data-tax-milli="${frozen.taxRateMilli}" class="card">
<h2>${frozen.changeOrder ? 'What changes' : 'What the work includes'}</h2>
${hasOptions ? '<p class="muted small">Tick the optional lines you want: the total follows.</p>' : ''}
${linesTable(view, true)}
${hasOptions ? `<button type="submit" class="quiet" formaction="${path}/options" formnovalidate data-update-total${view.preview ? ' disabled' : ''}>${estimateLabels.updateTotal}</button>` : ''}
</form>
${notesBlock(frozen)}
<section class="card no-print"><p class="muted" style="margin-top:0">Valid until ${escapeHtml(longDay(frozen.validUntil))}. Keep a copy:</p>${pdfLink(view, false) || '<p class="muted small">The PDF is made when the estimate is sent.</p>'}</section>
${answerForms(view)}`;
}

/** The whole page, for the homeowner page shell (the site's header, stylesheet and fonts around the content). */
export function renderEstimatePage(view: EstimatePageView): HomeownerPage {
  const title = view.frozen.changeOrder
    ? paperTitle(view.frozen)
    : view.state === 'approved'
      ? 'Approved estimate'
      : view.state === 'open'
        ? 'Your estimate'
        : 'Estimate';
  const live = view.state === 'open' && !view.preview;
  return {
    title,
    style: estimateStyles + schedulePageStyles,
    scripts: view.preview ? [] : [estimateScriptPath],
    status: view.preview ? 'preview' : `estimate-${view.state}`,
    main: `<div class="estimate" data-estimate-token="${escapeHtml(view.token)}"${live ? ' data-estimate-live' : ''}>
${view.preview ? '<p class="preview-banner">Preview: this is the page the homeowner will see. Its buttons do nothing here.</p>' : ''}
${estimatePageMain(view)}
</div>`,
  };
}

/** The answer for a link that is no estimate of ours (never sent, or cut short). */
export function unknownEstimatePage(business: { name: string; phone: string }): HomeownerPage {
  return {
    title: 'Estimate not found',
    style: estimateStyles,
    status: 'estimate-unknown',
    main: `<section class="card"><h1>This estimate link does not work</h1>
<p>It may have been copied only in part. Please open the link from our e-mail again, or call us at <a href="${escapeHtml(telOf(business.phone))}">${escapeHtml(business.phone)}</a>.</p></section>`,
  };
}
