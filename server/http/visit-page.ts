import { business, telHref } from '@shared/content/business';
import { visitAddressMaxLength, type VisitSlot, type VisitState } from '@shared/schemas/visits';
import { groupByDay, visitTimeRange, visitWhen } from '@shared/visit-time';
import { visitExpectations } from '../services/visits/visit-messages';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
  /** A page with nothing to book: unknown link, or a visit that took place. */
  gone?: { title: string; text: string };
}

/**
 * The booking page `/visit/<token>`, rendered on the server as plain HTML so it works without
 * JavaScript: one radio button per window, grouped by day, in Arizona time, and the street
 * address. Its look is the site's (palette, type, header), in a small inline style sheet.
 */
export function visitPage(view: VisitPageView): string {
  const { state } = view;
  const phone = `<a href="${telHref}">${escapeHtml(business.phoneDisplay)}</a>`;
  let main: string;
  let title: string;
  if (view.gone) {
    title = view.gone.title;
    main = `<h1>${escapeHtml(view.gone.title)}</h1><p>${escapeHtml(view.gone.text)}</p><p>Call or text us at ${phone}.</p>`;
  } else if (!state) {
    title = 'Estimate visit';
    main = `<h1>Estimate visit</h1><p>Call us at ${phone}.</p>`;
  } else {
    const visit = state.visit;
    title = visit ? 'Your estimate visit' : 'Pick a time for your free on-site estimate';
    const greeting = state.firstName ? `Hi ${escapeHtml(state.firstName)}, ` : '';
    const parts: string[] = [];
    if (view.notice)
      parts.push(
        `<p class="notice ${view.notice.tone}" role="status">${escapeHtml(view.notice.text)}${
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
      parts.push(
        `<h1>Your estimate visit is booked</h1>`,
        `<dl class="visit"><div><dt>When</dt><dd>${escapeHtml(visitWhen(new Date(visit.start), new Date(visit.end)))} <span class="muted">(Arizona time)</span></dd></div><div><dt>Where</dt><dd>${visit.address.trim() ? escapeHtml(visit.address) : 'Street address not given yet: add it below'}</dd></div></dl>`,
        expectations(),
        `<h2 id="reschedule">Move your visit</h2>`,
        slotForm(view, state.slots, 'Move my visit', visit.address),
        `<h2 id="cancel">Cancel your visit</h2><form method="post" action="${escapeHtml(view.path)}/cancel"><p>The time becomes free for someone else. You can book again later from this page.</p><button type="submit" class="secondary">Cancel the visit</button></form>`,
      );
    } else {
      parts.push(
        `<h1>Pick a time for your free on-site estimate</h1>`,
        view.cancelled
          ? ''
          : `<p class="lead">${greeting}${escapeHtml(business.ownerName)} comes to your home to look at the project and measure. Pick the time that suits you; all times are Arizona time.</p>`,
        state.slots.length > 0
          ? slotForm(view, state.slots, 'Book this time', view.address ?? '')
          : `<p>No times are open for online booking right now. Please call or text us at ${phone} and we will find one together.</p>`,
      );
    }
    main = parts.join('\n');
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} | ${escapeHtml(business.name)}</title>
<style>${styles}</style>
</head>
<body>
<header><div class="bar"><a class="brand" href="/">${escapeHtml(business.name)}</a><a class="call" href="${telHref}">${escapeHtml(business.phoneDisplay)}</a></div></header>
<main>
${main}
</main>
<footer><p>${escapeHtml(business.name)} · ${phone}</p></footer>
</body>
</html>`;
}

function expectations(): string {
  return `<div class="expect"><h2>What to expect</h2><ul>${visitExpectations
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
<label class="field" for="address">Street address of the visit</label>
<input id="address" name="address" type="text" autocomplete="street-address" required minlength="3" maxlength="${visitAddressMaxLength}" value="${escapeHtml(address)}" placeholder="123 N Main St, Payson">
<p class="muted">All times are Arizona time.</p>
${days}
<button type="submit">${escapeHtml(submit)}</button>
</form>`;
}

// The site's palette and type (tailwind.config.ts): cream paper, pine greens, the slab headings.
// The booking button stays in view at the foot of the screen while three weeks of times scroll by.
const styles = `
*{box-sizing:border-box}
body{margin:0;background:#fdfaf4;color:#1e1b16;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;-webkit-text-size-adjust:100%}
header{background:#162c1f;color:#fdfaf4}
.bar{max-width:40rem;margin:0 auto;padding:1rem 1.25rem;display:flex;justify-content:space-between;align-items:center;gap:1rem}
.brand{color:#fdfaf4;font-family:"Roboto Slab",Georgia,serif;font-weight:700;font-size:1.125rem;text-decoration:none}
.call{color:#e8cfab;font-weight:600;text-decoration:none;white-space:nowrap}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
h1,h2{font-family:"Roboto Slab",Georgia,serif;color:#162c1f;text-wrap:balance}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 .75rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
a{color:#2f5d3f}
.lead{font-size:1.0625rem;color:#4a443a}
.muted{color:#5f574b;font-size:.9375rem}
.notice{padding:.75rem 1rem;border-radius:.5rem;font-weight:600}
.notice.success{background:#dde9e0;color:#162c1f;border:1px solid #8db49a}
.notice.error{background:#fbeae5;color:#7c3626;border:1px solid #d0735a}
.next{background:#f8f1e4;border-radius:.5rem;padding:.5rem 1rem;margin-bottom:1rem}
.next p{margin:.25rem 0;font-weight:600}
.field{display:block;font-weight:600;margin:1rem 0 .375rem}
input[type=text]{width:100%;font-size:1rem;padding:.75rem;border:1px solid #b9d2c0;border-radius:.5rem;background:#fff;color:#1e1b16}
fieldset{border:0;margin:1.25rem 0 0;padding:0}
legend{font-family:"Roboto Slab",Georgia,serif;font-weight:700;color:#162c1f;margin-bottom:.5rem;font-size:1.0625rem}
.slot{display:flex;align-items:center;gap:.75rem;min-height:3rem;padding:.625rem 1rem;margin-bottom:.5rem;background:#fff;border:1px solid #b9d2c0;border-radius:.5rem;cursor:pointer;font-size:1.0625rem}
.slot input{width:1.25rem;height:1.25rem;accent-color:#2f5d3f;margin:0}
.slot:has(input:checked){border-color:#2f5d3f;background:#f1f6f2;box-shadow:0 0 0 1px #2f5d3f}
button{display:block;width:100%;margin-top:1.5rem;min-height:3rem;font-size:1.0625rem;font-weight:700;color:#fff;background:#2f5d3f;border:2px solid #2f5d3f;border-radius:.5rem;cursor:pointer}
.book button{position:sticky;bottom:.75rem;box-shadow:0 0 0 .75rem #fdfaf4}
button.secondary{background:#fff;color:#7c3626;border-color:#b5543c;margin-top:.75rem}
:focus-visible{outline:3px solid #1f3d2b;outline-offset:2px}
dl.visit{background:#fff;border:1px solid #b9d2c0;border-radius:.5rem;padding:.5rem 1rem;margin:0}
dl.visit div{display:flex;gap:1rem;padding:.5rem 0}
dl.visit div+div{border-top:1px solid #f1e5cf}
dt{width:4rem;flex:none;color:#5f574b}
dd{margin:0;font-weight:600}
.expect ul{padding-left:1.25rem;color:#4a443a}
footer{border-top:1px solid #f1e5cf;color:#5f574b;text-align:center;font-size:.875rem;padding:1rem}
@media (min-width:40rem){button{width:auto;padding:0 2rem}}
`;
