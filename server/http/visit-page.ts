import { defaultBusiness, type Business } from '@shared/content/business-facts';
import { visitAddressMaxLength, type VisitSlot, type VisitState } from '@shared/schemas/visits';
import { groupByDay, visitLength, visitShortDay, visitTimeRange, visitWhen } from '@shared/visit-time';
import { visitExpectations, yourProject } from '../services/visits/visit-messages';
import { escapeHtml, telOf, type HomeownerPage } from './homeowner-shell';

export interface VisitPageView {
  /** `/visit/<token>`: where the forms post. */
  path: string;
  state?: VisitState;
  /** A message about what just happened (booked, taken, refused...). */
  notice?: { tone: 'success' | 'error'; text: string; link?: { href: string; text: string } };
  /** The address typed, kept when a post is refused. */
  address?: string;
  /** The window to show picked (the one sent, or the first of the next free ones). */
  picked?: string;
  /** Windows offered at once to someone who lost a race. */
  next?: VisitSlot[];
  /** The visit was cancelled just now. */
  cancelled?: boolean;
  /** The page that asks once before cancelling (GET …/cancel, as without scripts). */
  confirmCancel?: boolean;
  /** A page with nothing to book: unknown link, or a visit that took place. */
  gone?: { title: string; text: string };
  /** The facts the site shows now (businessOf(res)); unset: shared/content/business.ts's. */
  business?: Business;
}

/** Where the page's script is served: it asks before cancelling in a dialog rather than on a page of its own. */
export const visitPageScriptPath = '/visit-page.js';

/**
 * The booking page `/visit/<token>`, rendered on the server as plain HTML so it works without
 * JavaScript, in the site's look (homeowner-shell.ts). Before a time is picked: the street
 * address, then the open days, one disclosure each (only one open at a time), with the day's
 * windows inside, in Arizona time. Once booked: the visit on the first screen with Move my visit
 * (to the same picker, further down) and Cancel my visit, which asks once: a dialog when scripts
 * run (visitPageScript), else the page GET …/cancel.
 */
export function visitPage(view: VisitPageView): HomeownerPage {
  const { state } = view;
  const business = view.business ?? defaultBusiness;
  const phone = `<a href="${telOf(business)}">${escapeHtml(business.phoneDisplay)}</a>`;
  if (view.gone)
    return {
      title: view.gone.title,
      main: `<div class="hw-card"><h1>${escapeHtml(view.gone.title)}</h1><p class="hw-lead">${escapeHtml(view.gone.text)}</p><p>Call or text us at ${phone}.</p></div>`,
      style: styles,
    };
  if (!state)
    return { title: 'Estimate visit', main: `<h1>Estimate visit</h1><p>Call us at ${phone}.</p>`, style: styles };
  const visit = state.visit;
  if (visit && view.confirmCancel)
    return {
      title: 'Cancel your visit',
      main: `<div class="hw-card">${cancelQuestion(view.path, visit, 'h1')}</div>`,
      style: styles,
    };

  const parts: string[] = [];
  if (view.notice)
    parts.push(
      `<p class="hw-notice ${view.notice.tone}" role="status">${escapeHtml(view.notice.text)}${
        view.notice.link
          ? ` <a href="${escapeHtml(view.notice.link.href)}">${escapeHtml(view.notice.link.text)}</a>`
          : ''
      }</p>`,
    );
  if (view.next && view.next.length > 0)
    parts.push(
      `<div class="next"><p>The next free times:</p><ul>${view.next
        .map((slot) => `<li>${escapeHtml(visitWhen(new Date(slot.start), new Date(slot.end)))}</li>`)
        .join('')}</ul></div>`,
    );
  if (visit) {
    const where = visit.address.trim() ? escapeHtml(visit.address) : 'Street address not given yet: add it below';
    parts.push(
      `<h1>Your estimate visit is booked</h1>`,
      `<dl class="visit"><div><dt>When</dt><dd>${escapeHtml(visitWhen(new Date(visit.start), new Date(visit.end)))} <span class="hw-muted">(Arizona time)</span></dd></div><div><dt>Where</dt><dd>${where}</dd></div></dl>`,
      `<div class="hw-actions"><a class="hw-button secondary" href="#move">Move my visit</a><a class="hw-button secondary danger" href="${escapeHtml(view.path)}/cancel" data-cancel-visit>Cancel my visit</a></div>`,
      expectations(state, visit),
      `<section id="move" aria-labelledby="move-heading"><h2 id="move-heading">Move your visit to another time</h2>`,
      slotForm(view, state.slots, 'Move my visit to this time', visit.address),
      `</section>`,
      `<dialog id="cancel-visit" aria-labelledby="cancel-question">${cancelQuestion(view.path, visit, 'h2')}</dialog>`,
    );
  } else {
    const greeting = state.firstName ? `Hi ${escapeHtml(state.firstName)}, ` : '';
    parts.push(
      `<h1>Pick a time for your free on-site estimate</h1>`,
      view.cancelled
        ? ''
        : `<p class="hw-lead">${greeting}${escapeHtml(business.ownerName)} comes to your home to look at ${escapeHtml(yourProject(state.projectType))} and measure.</p>`,
      state.slots.length > 0
        ? slotForm(view, state.slots, 'Book this time', view.address ?? state.lastAddress)
        : `<p>No times are open for online booking right now. Please call or text us at ${phone} and we will find one together.</p>`,
    );
  }
  return {
    title: visit ? 'Your estimate visit' : 'Pick a time for your free on-site estimate',
    main: parts.join('\n'),
    style: styles,
    scripts: visit ? [visitPageScriptPath] : [],
  };
}

/** "Cancel your visit on …?" and the one button that does it (a page of its own, or the dialog). */
function cancelQuestion(path: string, visit: VisitSlot, heading: 'h1' | 'h2'): string {
  const when = escapeHtml(visitWhen(new Date(visit.start), new Date(visit.end)));
  return `<${heading} id="cancel-question">Cancel your visit on ${when}?</${heading}>
<p class="hw-lead">The time becomes free for someone else. You can book another one later from this page.</p>
<form method="post" action="${escapeHtml(path)}/cancel" class="hw-actions"><button type="submit" class="hw-button">Yes, cancel it</button><a class="hw-button secondary" href="${escapeHtml(path)}" data-keep-visit>Keep my visit</a></form>`;
}

function expectations(state: VisitState, visit: VisitSlot): string {
  const lines = visitExpectations({
    start: new Date(visit.start),
    end: new Date(visit.end),
    projectType: state.projectType,
  });
  return `<div class="expect"><h2>What to expect</h2><ul>${lines
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')}</ul></div>`;
}

function slotForm(view: VisitPageView, slots: readonly VisitSlot[], submit: string, address: string): string {
  if (slots.length === 0) {
    const business = view.business ?? defaultBusiness;
    return `<p>No other times are open for online booking right now. Call or text us at <a href="${telOf(business)}">${escapeHtml(
      business.phoneDisplay,
    )}</a>.</p>`;
  }
  const picked = view.picked ? Date.parse(view.picked) : NaN;
  const groups = groupByDay(slots);
  const openIndex = Math.max(
    0,
    groups.findIndex((group) => group.slots.some((slot) => Date.parse(slot.start) === picked)),
  );
  // One day open at a time (details with one name); without that support, several may be open.
  const days = groups
    .map((group, index) => {
      const first = new Date(group.slots[0]!.start);
      const times = group.slots
        .map((slot, i) => {
          const id = `slot-${index}-${i}`;
          const checked = Date.parse(slot.start) === picked ? ' checked' : '';
          return `<label class="slot" for="${id}"><input type="radio" id="${id}" name="start" value="${escapeHtml(slot.start)}"${checked}><span>${escapeHtml(
            visitTimeRange(new Date(slot.start), new Date(slot.end)),
          )}</span></label>`;
        })
        .join('');
      const count = group.slots.length === 1 ? '1 time' : `${group.slots.length} times`;
      return `<details class="day" name="visit-day"${index === openIndex ? ' open' : ''}><summary><span class="day-name">${escapeHtml(
        visitShortDay(first),
      )}</span><span class="day-count">${count}</span></summary><fieldset><legend class="sr-only">${escapeHtml(group.day)}</legend>${times}</fieldset></details>`;
    })
    .join('');
  const length = visitLength(new Date(slots[0]!.start), new Date(slots[0]!.end));
  return `<form method="post" action="${escapeHtml(view.path)}" class="book">
<label class="hw-field" for="address">Street address of the visit</label>
<input id="address" name="address" type="text" autocomplete="street-address" required minlength="3" maxlength="${visitAddressMaxLength}" value="${escapeHtml(address)}" placeholder="123 N Main St, Payson">
<p class="hw-muted pick">Pick a day, then a time. Each visit takes up to ${escapeHtml(length)}; all times are Arizona time.</p>
<div class="days">${days}</div>
<button type="submit" class="hw-button">${escapeHtml(submit)}</button>
</form>`;
}

/** Asks before cancelling in the page's dialog; without it (or without scripts) the link opens the question's page. */
export const visitPageScript = `(() => {
  const dialog = document.getElementById('cancel-visit');
  const link = document.querySelector('[data-cancel-visit]');
  if (!dialog || !link || typeof dialog.showModal !== 'function') return;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    dialog.showModal();
  });
  const keep = dialog.querySelector('[data-keep-visit]');
  if (keep) keep.addEventListener('click', (event) => { event.preventDefault(); dialog.close(); link.focus(); });
})();
`;

// The booking page's own parts; the rest is the shell's (homeowner-shell.ts).
// The booking button stays in view at the foot of the screen while the times scroll by.
const styles = `
.next{background:#f8f1e4;border-radius:.5rem;padding:.5rem 1rem;margin-bottom:1rem}
.next p{margin:.25rem 0;font-weight:600}
.pick{margin:.75rem 0 1rem}
.days{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:.5rem}
.day{background:#fff;border:1px solid #b9d2c0;border-radius:.5rem}
.day[open]{grid-column:1/-1;border-color:#1f3d2b}
.day summary{list-style:none;display:grid;grid-template-columns:1fr auto;align-items:center;column-gap:.5rem;min-height:3.5rem;padding:.5rem .875rem;cursor:pointer;border-radius:.4375rem}
.day summary:hover{background:#f1f6f2}
.day summary::-webkit-details-marker{display:none}
.day summary::after{content:"";grid-column:2;grid-row:1/3;width:.5rem;height:.5rem;border-right:2px solid #2f5d3f;border-bottom:2px solid #2f5d3f;transform:rotate(45deg);margin:-.25rem .125rem 0 0}
.day[open] summary{background:#1f3d2b;color:#fff;border-radius:.4375rem .4375rem 0 0}
.day[open] summary::after{border-color:#fff;transform:rotate(-135deg);margin-top:.25rem}
.day-name{grid-column:1;font-family:"Roboto Slab",Georgia,serif;font-weight:700;white-space:nowrap}
.day-count{grid-column:1;font-size:.875rem;color:#5f574b}
.day[open] .day-count{color:#dde9e0}
.day fieldset{border:0;margin:0;padding:.75rem;display:grid;gap:.5rem}
.slot{display:flex;align-items:center;gap:.75rem;min-height:3rem;padding:.5rem 1rem;white-space:nowrap;background:#fff;border:1px solid #b9d2c0;border-radius:.5rem;cursor:pointer;font-size:1.0625rem}
.slot input{width:1.25rem;height:1.25rem;accent-color:#2f5d3f;margin:0}
.slot:has(input:checked){border-color:#2f5d3f;background:#f1f6f2;box-shadow:0 0 0 1px #2f5d3f}
.book .hw-button{position:sticky;bottom:.75rem;margin-top:1.25rem;box-shadow:0 0 0 .75rem #fdfaf4}
dl.visit{background:#fff;border:1px solid #b9d2c0;border-radius:.5rem;padding:.5rem 1rem;margin:0}
dl.visit div{display:flex;gap:1rem;padding:.5rem 0}
dl.visit div+div{border-top:1px solid #f1e5cf}
dt{width:4rem;flex:none;color:#5f574b}
dd{margin:0;font-weight:600}
.hw-button.danger,.hw-main a.hw-button.danger{color:#7c3626;border-color:#b5543c}
.hw-button.danger:hover{background:#fbeae5}
.expect ul,.next ul{list-style:disc;padding-left:1.25rem;color:#4a443a;margin:0}
.expect li+li{margin-top:.25rem}
dialog{margin:auto;border:0;border-radius:.75rem;padding:1.5rem;max-width:min(30rem,calc(100vw - 2rem));box-shadow:0 10px 40px rgba(13,27,19,.3)}
dialog::backdrop{background:rgba(13,27,19,.55)}
.hw-main dialog h2{margin-top:0}
@media (min-width:40rem){.day fieldset{grid-template-columns:repeat(auto-fill,minmax(13rem,1fr))}.book .hw-button{position:static;box-shadow:none}}
`;
