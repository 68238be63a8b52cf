import { estimateTotals, formatCents, paperTitle, type FrozenEstimate } from '@shared/schemas/estimates';
import { scheduleAmounts, scheduleDueLabels } from '@shared/schemas/payment-schedule';
import { escapeHtml } from './homeowner-shell';

/**
 * The parts of the estimate page that came with the sale's second half: the payment schedule
 * with its dollars (following her ticks, through the page's script), and a change order's
 * reason, days added and the job's new total.
 */

const percentText = (milli: number) => `${(milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })} %`;

/** The schedule's parts in dollars on the total with `ticked`; nothing when the estimate has none. */
export function scheduleBlock(frozen: FrozenEstimate, ticked: readonly number[]): string {
  const parts = frozen.schedule ?? [];
  if (parts.length === 0) return '';
  const total = estimateTotals(frozen.items, frozen.taxRateMilli, ticked).totalCents;
  const amounts = scheduleAmounts(parts, total);
  const rows = parts
    .map((part, index) => {
      const share =
        index === parts.length - 1 && parts.length > 1
          ? 'the balance'
          : part.percentMilli !== undefined
            ? percentText(part.percentMilli)
            : formatCents(part.amountCents ?? 0);
      const data =
        part.percentMilli !== undefined
          ? ` data-percent-milli="${part.percentMilli}"`
          : ` data-amount-cents="${part.amountCents ?? 0}"`;
      return `<tr data-schedule-part${data}>
<td><strong>${escapeHtml(part.label)}</strong><span class="due">${escapeHtml(scheduleDueLabels[part.due])} · ${share}</span></td>
<td class="num" data-schedule-amount>${formatCents(amounts[index] ?? 0)}</td>
</tr>`;
    })
    .join('\n');
  return `<div class="schedule" aria-labelledby="schedule-heading">
<h3 id="schedule-heading">Payment schedule</h3>
<p class="muted small">How the total is paid. By check, cash, Zelle, Venmo or Cash App: the invoice for each part says how.</p>
<table class="lines schedule-lines">
<thead><tr><th scope="col">Part and when it is due</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>`;
}

/** A change order's own facts, under its title: what it changes, why, and the days it adds. */
export function changeOrderFacts(frozen: FrozenEstimate): string {
  const change = frozen.changeOrder;
  if (!change) return '';
  const days = change.daysAdded === 1 ? '1 day' : `${change.daysAdded} days`;
  return `<dl class="meta change-facts">
<div><dt>Changes</dt><dd>Estimate ${change.estimateVersion}, as you approved it</dd></div>
<div><dt>Reason</dt><dd>${escapeHtml(change.reason)}</dd></div>
<div><dt>Days added to the work</dt><dd>${days}</dd></div>
</dl>`;
}

/** Below a change order's total: the job before it and the job with it. */
export function changeOrderJobTotals(frozen: FrozenEstimate): string {
  const change = frozen.changeOrder;
  if (!change) return '';
  const own = estimateTotals(frozen.items, frozen.taxRateMilli).totalCents;
  return `<dl class="totals job-totals">
<div><dt>The job before this change</dt><dd>${formatCents(change.jobTotalBeforeCents)}</dd></div>
<div class="grand"><dt>New job total</dt><dd>${formatCents(change.jobTotalBeforeCents + own)}</dd></div>
</dl>`;
}

/** "estimate" or "change order": the word her buttons and sentences use. */
export const paperNoun = (frozen: FrozenEstimate) => (frozen.changeOrder ? 'change order' : 'estimate');

export { paperTitle };

export const schedulePageStyles = `
.schedule{margin-top:1.5rem}
.schedule h3{font:700 1.125rem/1.3 "Roboto Slab",Georgia,serif;color:#162c1f;margin:0 0 .25rem}
.schedule-lines td{padding-top:.625rem;padding-bottom:.625rem}
.due{display:block;font-size:.875rem;color:#5f574b;margin-top:.125rem}
.change-facts{margin-top:1rem}
.job-totals{margin-top:1rem;border-top:1px dashed #e8cfab;padding-top:.5rem}
`;
