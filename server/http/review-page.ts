import { defaultBusiness, type Business } from '@shared/content/business-facts';
import { escapeHtml, telOf, type HomeownerPage } from './homeowner-shell';
import {
  maxDisplayNameLength,
  maxReviewLength,
  reviewFields,
  reviewLabels,
  reviewPaths,
  type ReviewFieldName,
} from '@shared/schemas/reviews';

/**
 * The pages of a review request's links (/review/<token>, its unsubscribe page): plain HTML made
 * on the server, complete without JavaScript, in the site's colours. The form posts to itself; a
 * small script of our own (reviewDraftScript, same origin as the CSP asks) keeps what was typed on
 * the device, as the quote form does, and forgets it once the review is sent.
 */

export const reviewDraftScriptPath = '/review-draft.js';

export type ReviewPageState =
  | {
      kind: 'form';
      token: string;
      firstName: string;
      projectType: string;
      values: { stars: string; text: string; displayName: string; consent: boolean };
      /** True when the values are what was posted (a refused form): the saved draft must not replace them. */
      posted?: boolean;
      errors?: Partial<Record<ReviewFieldName, string>>;
    }
  | { kind: 'sent'; token: string; withConsent: boolean }
  | { kind: 'used'; token: string }
  | { kind: 'unknown' }
  | { kind: 'unsubscribe'; token: string; done: boolean };

const escape = escapeHtml;

// The review page's own parts; the rest is the shell's (homeowner-shell.ts).
const styles = `
form.review{margin-top:1.25rem;display:grid;gap:1.375rem}
fieldset{border:0;margin:0;padding:0}
legend{display:block;font-weight:600;color:#162c1f;margin-bottom:.5rem}
.stars{display:grid;gap:.5rem}
.stars label{display:flex;align-items:center;gap:.75rem;min-height:3rem;padding:.5rem .875rem;border:1px solid #b9d2c0;border-radius:.5rem;background:#fff;cursor:pointer;font-weight:600}
.stars label span[aria-hidden]{display:inline-block;width:6.2em;font-size:1.125rem;letter-spacing:1px;color:#8b5a2b}
.star{position:relative;display:grid}
.stars input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.stars input:checked+label{border-color:#2f5d3f;background:#f1f6f2;box-shadow:0 0 0 2px #2f5d3f}
.stars input:focus-visible+label{outline:3px solid #1f3d2b;outline-offset:2px}
textarea{min-height:9rem;resize:vertical}
.check{display:flex;gap:.625rem;align-items:flex-start;font-weight:600}
.check input{width:1.375rem;height:1.375rem;margin:.125rem 0 0;accent-color:#2f5d3f;flex:none}
.hint{margin:.375rem 0 0;font-size:.875rem;color:#5f574b}
.error{margin:.375rem 0 0;font-size:.9375rem;font-weight:600;color:#9a4430}
.summary{border:2px solid #9a4430;border-radius:.5rem;padding:.75rem .875rem;margin-top:1.125rem}
.aside{margin-top:1.125rem;font-size:.9375rem;color:#5f574b}
@media (min-width:640px){.stars{grid-template-columns:repeat(5,minmax(0,1fr))}.stars label{flex-direction:column;gap:.25rem;padding:.75rem .25rem;font-size:.875rem;text-align:center}.stars label span[aria-hidden]{width:auto;font-size:1rem;letter-spacing:-1px}}
`;

function page(title: string, body: string, script: boolean, status: string): HomeownerPage {
  return {
    title,
    main: `<div class="hw-card">\n${body}\n</div>`,
    style: styles,
    scripts: script ? [reviewDraftScriptPath] : [],
    status,
  };
}

/** `business`: the facts the site shows now (businessOf(res)); unset: shared/content/business.ts's. */
export function renderReviewPage(state: ReviewPageState, business: Business = defaultBusiness): HomeownerPage {
  const phoneLink = `<a href="${telOf(business)}">${escape(business.phoneDisplay)}</a>`;
  switch (state.kind) {
    case 'unknown':
      return page(
        'This review link does not work',
        `<h1>This review link does not work</h1>
<p class="hw-lead">It may have been copied only in part. Please open the link from our e-mail again, or call us at ${phoneLink}: we would love to hear from you.</p>
<div class="hw-actions"><a class="hw-button secondary" href="/">Go to the website</a></div>`,
        false,
        'unknown',
      );
    case 'used':
      return page(
        'You already sent your review',
        `<h1>You already sent your review</h1>
<p class="hw-lead">Thank you! We received it, and each review is sent once. Something to add? Call us at ${phoneLink}.</p>
<div class="hw-actions"><a class="hw-button secondary" href="${reviewPaths.google(state.token)}">Leave a review on Google too</a></div>`,
        false,
        'used',
      );
    case 'sent':
      return page(
        'Thank you for your review',
        `<h1 data-review-sent="${escape(state.token)}">Thank you for your review!</h1>
<p class="hw-lead">${escape(business.ownerName)} reads every one.${
          state.withConsent ? ' Once he has seen it, it may appear on our website.' : ' It stays with us, as you asked.'
        }</p>
<p class="aside">Would you share it on Google as well? It helps neighbors find a carpenter they can trust.</p>
<div class="hw-actions"><a class="hw-button" href="${reviewPaths.google(state.token)}">Leave a review on Google</a></div>`,
        true,
        'sent',
      );
    case 'unsubscribe':
      return page(
        state.done ? 'You will get no more review requests' : 'Stop review requests',
        state.done
          ? `<h1>You will get no more review requests</h1>
<p class="hw-lead">We will not ask this address for reviews again, nor send it reminders about an estimate. Thank you for letting us know.</p>`
          : `<h1>Stop review requests?</h1>
<p class="hw-lead">We will not ask this e-mail address for a review again, nor send it reminders about an estimate.</p>
<form method="post" action="${reviewPaths.unsubscribe(state.token)}"><div><button type="submit" class="hw-button">Stop review requests</button></div></form>`,
        false,
        state.done ? 'unsubscribed' : 'unsubscribe',
      );
    case 'form':
      return page(reviewLabels.heading, reviewForm(state), true, 'form');
  }
}

function reviewForm(state: Extract<ReviewPageState, { kind: 'form' }>): string {
  const { values, errors = {}, token } = state;
  const invalid = (field: ReviewFieldName) =>
    errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
  const error = (field: ReviewFieldName) =>
    errors[field] ? `<p class="error" id="${field}-error">${escape(errors[field])}</p>` : '';
  const messages = Object.values(errors);
  const stars = [1, 2, 3, 4, 5]
    .map(
      (count) =>
        `<span class="star"><input type="radio" id="stars-${count}" name="${reviewFields.stars}" value="${count}"${
          values.stars === String(count) ? ' checked' : ''
        }${count === 1 ? ' required' : ''}><label for="stars-${count}"><span aria-hidden="true">${'★'.repeat(count)}</span>${reviewLabels.stars(count)}</label></span>`,
    )
    .join('\n');
  return `<h1>${reviewLabels.heading}</h1>
<p class="hw-lead">Hello ${escape(state.firstName)}, thank you for choosing us for your ${escape(state.projectType.toLowerCase())}. A few words about the job help us, and neighbors who are deciding.</p>
${
  messages.length
    ? `<div class="summary" role="alert"><strong>Your review was not sent yet:</strong><ul>${messages
        .map((message) => `<li>${escape(message)}</li>`)
        .join('')}</ul></div>`
    : ''
}
<form class="review" method="post" action="${reviewPaths.review(token)}" data-review-draft="${escape(token)}"${state.posted ? ' data-posted="true"' : ''}>
<fieldset${errors.stars ? ' aria-describedby="stars-error"' : ''}>
<legend>Your rating</legend>
<div class="stars">
${stars}
</div>
${error('stars')}
</fieldset>
<div>
<label class="hw-field" for="${reviewFields.text}">${reviewLabels.text}</label>
<textarea id="${reviewFields.text}" name="${reviewFields.text}" maxlength="${maxReviewLength}"${invalid('text')}>${escape(values.text)}</textarea>
${error('text')}
</div>
<div>
<label class="hw-field" for="${reviewFields.displayName}">${reviewLabels.displayName}</label>
<input type="text" id="${reviewFields.displayName}" name="${reviewFields.displayName}" value="${escape(values.displayName)}" maxlength="${maxDisplayNameLength}" autocomplete="off" required${invalid('displayName')}>
<p class="hint">Shown with your review if it appears on the website.</p>
${error('displayName')}
</div>
<div>
<label class="check"><input type="checkbox" name="${reviewFields.consent}"${values.consent ? ' checked' : ''}> ${reviewLabels.consent}</label>
<p class="hint">Left unticked, your review is for us alone.</p>
</div>
<div><button type="submit" class="hw-button">${reviewLabels.submit}</button></div>
</form>
<p class="aside">Prefer Google? <a href="${reviewPaths.google(token)}">Leave a review on Google</a>.</p>`;
}

/**
 * Keeps the review form's fields on this device as they are typed (localStorage, per token), puts
 * them back when the page is opened again, and forgets them once the review was sent.
 */
export const reviewDraftScript = `(() => {
  const keyOf = (token) => 'rcc-review-draft:' + token;
  const store = (() => { try { return window.localStorage; } catch { return null; } })();
  if (!store) return;
  const sent = document.querySelector('[data-review-sent]');
  if (sent) { store.removeItem(keyOf(sent.getAttribute('data-review-sent'))); return; }
  const form = document.querySelector('form[data-review-draft]');
  if (!form) return;
  const key = keyOf(form.getAttribute('data-review-draft'));
  const fields = form.elements;
  const read = () => ({
    stars: (form.querySelector('input[name="stars"]:checked') || {}).value || '',
    text: fields.namedItem('text').value,
    displayName: fields.namedItem('displayName').value,
    consent: fields.namedItem('consent').checked,
  });
  if (!form.hasAttribute('data-posted')) {
    try {
      const draft = JSON.parse(store.getItem(key) || 'null');
      if (draft) {
        const star = draft.stars && form.querySelector('input[name="stars"][value="' + Number(draft.stars) + '"]');
        if (star) star.checked = true;
        if (typeof draft.text === 'string') fields.namedItem('text').value = draft.text;
        if (typeof draft.displayName === 'string' && draft.displayName) fields.namedItem('displayName').value = draft.displayName;
        fields.namedItem('consent').checked = draft.consent === true;
      }
    } catch { store.removeItem(key); }
  }
  const save = () => { try { store.setItem(key, JSON.stringify(read())); } catch {} };
  form.addEventListener('input', save);
  form.addEventListener('change', save);
})();
`;
