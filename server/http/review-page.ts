import { business, telHref } from '@shared/content/business';
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

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const styles = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#f8f1e4;color:#1e1b16;font:17px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
header{background:#23472f;color:#fff}
header a{display:flex;align-items:center;gap:10px;max-width:40rem;margin:0 auto;padding:12px 20px;color:#fff;text-decoration:none;font:700 18px/1.2 "Roboto Slab",Georgia,serif}
header img{width:36px;height:36px}
main{max-width:40rem;margin:0 auto;padding:24px 16px 48px}
.card{background:#fff;border:1px solid #eadfcb;border-radius:14px;padding:24px 20px;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{margin:0;font:700 28px/1.2 "Roboto Slab",Georgia,serif;color:#1f3d29}
.lead{margin:6px 0 0;color:#5f574b}
form{margin-top:20px;display:grid;gap:22px}
fieldset{border:0;margin:0;padding:0}
legend,label.field{display:block;font-weight:700;color:#1f3d29;margin-bottom:8px;font-size:15px}
.stars{display:grid;gap:8px}
.stars label{display:flex;align-items:center;gap:12px;min-height:48px;padding:8px 14px;border:1px solid #b8ad9c;border-radius:10px;background:#fff;cursor:pointer;font-size:16px;font-weight:600}
.stars label span[aria-hidden]{display:inline-block;width:6.2em;font-size:18px;letter-spacing:1px;color:#c98a1b}
.star{position:relative;display:grid}
.stars input{position:absolute;inset:0;width:100%;height:100%;margin:0;opacity:0;cursor:pointer}
.stars input:checked+label{border-color:#2f5d3f;background:#e8f1ea;box-shadow:0 0 0 2px #2f5d3f}
.stars input:focus-visible+label{outline:3px solid #2f5d3f;outline-offset:2px}
textarea,input[type=text]{display:block;width:100%;border:1px solid #8f8678;border-radius:10px;padding:10px 12px;font:inherit;color:inherit;background:#fff}
textarea{min-height:140px;resize:vertical}
textarea:focus-visible,input[type=text]:focus-visible{outline:2px solid #2f5d3f;border-color:#2f5d3f}
[aria-invalid=true]{border-color:#b3261e}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:600}
.check input{width:22px;height:22px;margin:2px 0 0;accent-color:#2f5d3f;flex:none}
.hint{margin:6px 0 0;font-size:14px;color:#5f574b}
.error{margin:6px 0 0;font-size:15px;font-weight:600;color:#b3261e}
.summary{border:2px solid #b3261e;border-radius:10px;padding:12px 14px;margin-top:18px}
button,.button{display:inline-flex;justify-content:center;align-items:center;min-height:52px;padding:12px 22px;border:0;border-radius:10px;background:#2f5d3f;color:#fff;font:700 18px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;text-decoration:none;cursor:pointer;width:100%}
.button.secondary{background:#fff;color:#2f5d3f;border:2px solid #2f5d3f}
button:focus-visible,.button:focus-visible,a:focus-visible{outline:3px solid #c98a1b;outline-offset:2px}
.actions{display:grid;gap:10px;margin-top:20px}
.aside{margin-top:18px;font-size:15px;color:#5f574b}
a{color:#2f5d3f}
@media (min-width:640px){main{padding-top:40px}.card{padding:32px}button,.button{width:auto}
.stars{grid-template-columns:repeat(5,minmax(0,1fr))}.stars label{flex-direction:column;gap:4px;padding:12px 4px;font-size:14px;text-align:center}.stars label span[aria-hidden]{width:auto;font-size:16px;letter-spacing:-1px}}
`;

function page(title: string, body: string, script: boolean, status: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escape(title)} – ${escape(business.name)}</title>
<style>${styles}</style>
${script ? `<script src="${reviewDraftScriptPath}" defer></script>` : ''}
</head>
<body data-review-page="${status}">
<header><a href="/"><img src="/img/brand/logo.svg" alt="" width="36" height="36">${escape(business.name)}</a></header>
<main id="main"><div class="card">
${body}
</div></main>
</body>
</html>
`;
}

const phoneLink = `<a href="${telHref}">${escape(business.phoneDisplay)}</a>`;

export function renderReviewPage(state: ReviewPageState): string {
  switch (state.kind) {
    case 'unknown':
      return page(
        'This review link does not work',
        `<h1>This review link does not work</h1>
<p class="lead">It may have been copied only in part. Please open the link from our e-mail again, or call us at ${phoneLink}: we would love to hear from you.</p>
<div class="actions"><a class="button secondary" href="/">Go to the website</a></div>`,
        false,
        'unknown',
      );
    case 'used':
      return page(
        'You already sent your review',
        `<h1>You already sent your review</h1>
<p class="lead">Thank you! We received it, and each review is sent once. Something to add? Call us at ${phoneLink}.</p>
<div class="actions"><a class="button secondary" href="${reviewPaths.google(state.token)}">Leave a review on Google too</a></div>`,
        false,
        'used',
      );
    case 'sent':
      return page(
        'Thank you for your review',
        `<h1 data-review-sent="${escape(state.token)}">Thank you for your review!</h1>
<p class="lead">${escape(business.ownerName)} reads every one.${
          state.withConsent ? ' Once he has seen it, it may appear on our website.' : ' It stays with us, as you asked.'
        }</p>
<p class="aside">Would you share it on Google as well? It helps neighbors find a carpenter they can trust.</p>
<div class="actions"><a class="button" href="${reviewPaths.google(state.token)}">Leave a review on Google</a></div>`,
        true,
        'sent',
      );
    case 'unsubscribe':
      return page(
        state.done ? 'You will get no more review requests' : 'Stop review requests',
        state.done
          ? `<h1>You will get no more review requests</h1>
<p class="lead">We will not ask this address for reviews again. Thank you for letting us know.</p>`
          : `<h1>Stop review requests?</h1>
<p class="lead">We will not ask this e-mail address for a review again.</p>
<form method="post" action="${reviewPaths.unsubscribe(state.token)}"><div><button type="submit">Stop review requests</button></div></form>`,
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
<p class="lead">Hello ${escape(state.firstName)}, thank you for choosing us for your ${escape(state.projectType.toLowerCase())}. A few words about the job help us, and neighbors who are deciding.</p>
${
  messages.length
    ? `<div class="summary" role="alert"><strong>Your review was not sent yet:</strong><ul>${messages
        .map((message) => `<li>${escape(message)}</li>`)
        .join('')}</ul></div>`
    : ''
}
<form method="post" action="${reviewPaths.review(token)}" data-review-draft="${escape(token)}"${state.posted ? ' data-posted="true"' : ''}>
<fieldset${errors.stars ? ' aria-describedby="stars-error"' : ''}>
<legend>Your rating</legend>
<div class="stars">
${stars}
</div>
${error('stars')}
</fieldset>
<div>
<label class="field" for="${reviewFields.text}">${reviewLabels.text}</label>
<textarea id="${reviewFields.text}" name="${reviewFields.text}" maxlength="${maxReviewLength}"${invalid('text')}>${escape(values.text)}</textarea>
${error('text')}
</div>
<div>
<label class="field" for="${reviewFields.displayName}">${reviewLabels.displayName}</label>
<input type="text" id="${reviewFields.displayName}" name="${reviewFields.displayName}" value="${escape(values.displayName)}" maxlength="${maxDisplayNameLength}" autocomplete="off" required${invalid('displayName')}>
<p class="hint">Shown with your review if it appears on the website.</p>
${error('displayName')}
</div>
<div>
<label class="check"><input type="checkbox" name="${reviewFields.consent}"${values.consent ? ' checked' : ''}> ${reviewLabels.consent}</label>
<p class="hint">Left unticked, your review is for us alone.</p>
</div>
<div><button type="submit">${reviewLabels.submit}</button></div>
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
