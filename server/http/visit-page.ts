import { business, telHref } from '@shared/content/business';
import { visitAddressMaxLength, type VisitSlot, type VisitState } from '@shared/schemas/visits';
import { groupByDay, visitTimeRange, visitWhen } from '@shared/visit-time';
import { visitExpectations, yourProject } from '../services/visits/visit-messages';
import { escapeHtml, type HomeownerPage } from './homeowner-shell';


export interface VisitPageView {
  /** `/visit/<token>`: where the forms post. */
  path: string;
  state?: VisitState;
  /** A message about what just happened (booked, taken, refused...). */
  notice?: { tone: 'success' | 'error'; text: string };
  /** The address typed, kept when a post is refused. */
  address?: string;
  /** The window to show picked (the one sent, or the first of the next free ones). */
  picked?: string;
  /** Windows offered at once to someone who lost a race. */
  next?: VisitSlot[];
  /** The visit was cancelled just now. */
  cancelled?: boolean;
  /** A page with nothing to book: unknown link, or a visit that took place. */
  gone?: { title: string; text: string };
}

/**
 * The booking page `/visit/<token>`, rendered on the server as plain HTML so it works without
 * JavaScript: one radio button per window, grouped by day, in Arizona time, and the street
 * address; in the site's look (homeowner-shell.ts).
 */
export function visitPage(view: VisitPageView): HomeownerPage {
  const { state } = view;
  const phone = `<a href="${telHref}">${escapeHtml(business.phoneDisplay)}</a>`;
  if (view.gone)
    return {
      title: view.gone.title,
      main: `<div class="hw-card"><h1>${escapeHtml(view.gone.title)}</h1><p class="hw-lead">${escapeHtml(view.gone.text)}</p><p>Call or text us at ${phone}.</p></div>`,
      style: styles,
    };
  if (!state)
    return { title: 'Estimate visit', main: `<h1>Estimate visit</h1><p>Call us at ${phone}.</p>`, style: styles };
  const visit = state.visit;
  const greeting = state.firstName ? `Hi ${escapeHtml(state.firstName)}, ` : '';
  const parts: string[] = [];
  if (view.notice)
    parts.push(`<p class="hw-notice ${view.notice.tone}" role="status">${escapeHtml(view.notice.text)}</p>`);
  if (view.next && view.next.length > 0)
    parts.push(
      `<div class="next"><p>The next free times:</p><ul>${view.next
        .map((slot) => `<li>${escapeHtml(visitWhen(new Date(slot.start), new Date(slot.end)))}</li>`)
        .join('')}</ul></div>`,
    );
  if (visit) {
    parts.push(
      `<h1>Your estimate visit is booked</h1>`,
      `<dl class="visit"><div><dt>When</dt><dd>${escapeHtml(visitWhen(new Date(visit.start), new Date(visit.end)))} <span class="hw-muted">(Arizona time)</span></dd></div><div><dt>Where</dt><dd>${visit.address.trim() ? escapeHtml(visit.address) : 'Street address not given yet: add it below'}</dd></div></dl>`,
      expectations(state, visit),
      `<h2 id="reschedule">Move your visit</h2>`,
      slotForm(view, state.slots, 'Move my visit', visit.address),
      `<h2 id="cancel">Cancel your visit</h2><form method="post" action="${escapeHtml(view.path)}/cancel"><p>The time becomes free for someone else. You can book again later from this page.</p><button type="submit" class="hw-button secondary">Cancel the visit</button></form>`,
    );
  } else {
    parts.push(
      `<h1>Pick a time for your free on-site estimate</h1>`,
      view.cancelled
        ? ''
        : `<p class="hw-lead">${greeting}${escapeHtml(business.ownerName)} comes to your home to look at ${escapeHtml(yourProject(state.projectType))} and measure. Pick the time that suits you; all times are Arizona time.</p>`,
      state.slots.length > 0
        ? slotForm(view, state.slots, 'Book this time', view.address ?? state.lastAddress)
        : `<p>No times are open for online booking right now. Please call or text us at ${phone} and we will find one together.</p>`,
    );
  }
  return {
    title: visit ? 'Your estimate visit' : 'Pick a time for your free on-site estimate',
    main: parts.join('\n'),
    style: styles,
  };
}

function expectations(state: VisitState, visit: VisitSlot): string {
  const lines = visitExpectations({ start: new Date(visit.start), end: new Date(visit.end), projectType: state.projectType });
  return `<div class="expect"><h2>What to expect</h2><ul>${lines
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')}</ul></div>`;
}

function slotForm(view: VisitPageView, slots: readonly VisitSlot[], submit: string, address: string): string {
  if (slots.length === 0)
    return `<p>No other times are open for online booking right now. Call or text us at <a href="${telHref}">${escapeHtml(
      business.phoneDisplay,
    )}</a>.</p>`;
  const picked = view.picked;
  const days = groupByDay(slots)
    .map(
      (group, index) =>
        `<fieldset><legend>${escapeHtml(group.day)}</legend>${group.slots
          .map((slot, i) => {
            const id = `slot-${index}-${i}`;
            const checked = picked && Date.parse(picked) === Date.parse(slot.start) ? ' checked' : '';
            return `<label class="slot" for="${id}"><input type="radio" id="${id}" name="start" value="${escapeHtml(slot.start)}" required${checked}><span>${escapeHtml(
              visitTimeRange(new Date(slot.start), new Date(slot.end)),
            )}</span></label>`;
          })
          .join('')}</fieldset>`,
    )
    .join('');
  return `<form method="post" action="${escapeHtml(view.path)}" class="book">
<label class="hw-field" for="address">Street address of the visit</label>
<input id="address" name="address" type="text" autocomplete="street-address" required minlength="3" maxlength="${visitAddressMaxLength}" value="${escapeHtml(address)}" placeholder="123 N Main St, Payson">
<p class="hw-muted">All times are Arizona time.</p>
${days}
<button type="submit" class="hw-button">${escapeHtml(submit)}</button>
</form>`;
}

// The booking page's own parts; the rest is the shell's (homeowner-shell.ts).
// The booking button stays in view at the foot of the screen while the times scroll by.
const styles = `
.next{background:#f8f1e4;border-radius:.5rem;padding:.5rem 1rem;margin-bottom:1rem}
.next p{margin:.25rem 0;font-weight:600}
fieldset{border:0;margin:1.25rem 0 0;padding:0}
legend{font-family:"Roboto Slab",Georgia,serif;font-weight:700;color:#162c1f;margin-bottom:.5rem;font-size:1.0625rem}
.slot{display:flex;align-items:center;gap:.75rem;min-height:3rem;padding:.625rem 1rem;margin-bottom:.5rem;background:#fff;border:1px solid #b9d2c0;border-radius:.5rem;cursor:pointer;font-size:1.0625rem}
.slot input{width:1.25rem;height:1.25rem;accent-color:#2f5d3f;margin:0}
.slot:has(input:checked){border-color:#2f5d3f;background:#f1f6f2;box-shadow:0 0 0 1px #2f5d3f}
.book .hw-button{position:sticky;bottom:.75rem;margin-top:1.5rem;box-shadow:0 0 0 .75rem #fdfaf4}
dl.visit{background:#fff;border:1px solid #b9d2c0;border-radius:.5rem;padding:.5rem 1rem;margin:0}
dl.visit div{display:flex;gap:1rem;padding:.5rem 0}
dl.visit div+div{border-top:1px solid #f1e5cf}
dt{width:4rem;flex:none;color:#5f574b}
dd{margin:0;font-weight:600}
.expect ul{padding-left:1.25rem;color:#4a443a}
`;
