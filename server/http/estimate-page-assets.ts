/**
 * The estimate page's style sheet (inline: the CSP allows inline styles, not scripts) and its one
 * script, served from the site's own origin. The script reports the page as viewed once it is
 * shown (a mail scanner that fetches the link runs no script), and makes the total follow the
 * ticked options as the server computes it (cents, tax rounded half up) and keeps her ticks on
 * the server as she makes them; without it the Update total button sends them.
 */

export const estimateScriptPath = '/estimate-page.js';

export const estimateStyles = `
.estimate h1{font-size:1.625rem;margin:0 0 .25rem}
.estimate h2{margin:0 0 .75rem}
.card{background:#fff;border:1px solid #f1e5cf;border-radius:.75rem;padding:1.125rem 1rem;box-shadow:0 1px 2px rgba(30,27,22,.05);margin:0 0 1rem}
.muted{color:#5f574b}
.small{font-size:.875rem}
.byline{margin:0 0 .5rem}
.estimate p a:not(.hw-button),.estimate dd a{text-decoration:underline;text-underline-offset:3px}
.meta{display:grid;gap:.75rem;margin:1rem 0 0;padding:0}
.meta div{margin:0}
.meta dt{font-size:.75rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#6f4522}
.meta dd{margin:.125rem 0 0}
.lines{width:100%;border-collapse:collapse}
.lines th{font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:#5f574b;text-align:left;padding:.375rem 0;border-bottom:2px solid #f1e5cf}
.lines td{padding:.75rem 0;border-bottom:1px solid #f1e5cf;vertical-align:top}
.num{text-align:right;white-space:nowrap;padding-left:.75rem}
.col-qty,.col-unit{display:none}
.each{display:block;font-size:.875rem;color:#5f574b;margin-top:.125rem}
.optional-row td{background:#fbf6ef}
.optional-row td:first-child{padding-left:.5rem}
.optional-row td:last-child{padding-right:.5rem}
.option{display:flex;gap:.625rem;align-items:flex-start;font-weight:600;cursor:pointer}
.option input,.check input{width:1.375rem;height:1.375rem;margin:.125rem 0 0;accent-color:#2f5d3f;flex:none}
.tag{display:inline-block;font-size:.6875rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#6f4522;background:#f4e8d6;border-radius:999px;padding:.0625rem .5rem;margin:.25rem 0 0 2rem}
.tag.plain{margin-left:.25rem}
.totals{margin:.75rem 0 0;display:grid;gap:.25rem}
.totals div{display:flex;justify-content:space-between;gap:.75rem}
.totals dt,.totals dd{margin:0}
.totals .grand{font:700 1.375rem/1.3 "Roboto Slab",Georgia,serif;color:#162c1f;border-top:2px solid #f1e5cf;padding-top:.5rem;margin-top:.25rem}
.notes{white-space:pre-wrap;margin:0}
legend{display:block;font-weight:600;color:#162c1f;margin:0 0 .375rem;padding:0}
fieldset{border:0;margin:0;padding:0}
.estimate textarea{min-height:7rem;resize:vertical}
.check{display:flex;gap:.625rem;align-items:flex-start;font-weight:600}
.radios{display:grid;gap:.5rem}
.radios label{display:flex;gap:.625rem;align-items:center;min-height:2.75rem;padding:.375rem .75rem;border:1px solid #e8cfab;border-radius:.5rem;cursor:pointer}
.radios input{width:1.25rem;height:1.25rem;accent-color:#2f5d3f}
.stack{display:grid;gap:1rem}
.quiet{display:inline-flex;align-items:center;min-height:2.75rem;margin-top:.75rem;padding:.5rem 1rem;border:1px solid #d9b07b;border-radius:.5rem;background:#fbf6ef;color:#57371d;font:inherit;font-weight:600;cursor:pointer}
details{border-top:1px solid #f1e5cf;padding-top:.75rem;margin-top:1.25rem}
summary{cursor:pointer;font-weight:700;color:#264b34;min-height:2.75rem;display:flex;align-items:center}
details[open] summary{margin-bottom:.75rem}
.approved-stamp{border:2px solid #2f5d3f;background:#f1f6f2}
.record{padding-left:1.25rem;overflow-wrap:anywhere}
.record li{margin:.25rem 0}
.preview-banner{background:#6f4522;color:#fff;text-align:center;padding:.625rem;font-weight:700;border-radius:.5rem;margin:0 0 1rem}
.estimate [hidden]{display:none}
@media (min-width:40rem){
.card{padding:1.75rem 2rem}
.estimate h1{font-size:2rem}
.meta{grid-template-columns:repeat(3,minmax(0,1fr))}
.col-qty,.col-unit{display:table-cell}
.each{display:none}
}
@media print{header,footer,.no-print,details,.hw-button{display:none!important}.card{border:0;box-shadow:none}}
`;

export const estimateScript = `(() => {
  const root = document.querySelector('[data-estimate-token]');
  if (!root) return;
  const token = root.getAttribute('data-estimate-token');
  if (root.hasAttribute('data-estimate-live')) {
    let told = false;
    const tell = () => {
      if (told || document.visibilityState !== 'visible') return;
      told = true;
      fetch('/estimate/' + token + '/viewed', { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => {});
    };
    tell();
    document.addEventListener('visibilitychange', tell);
  }
  const form = document.querySelector('form[data-estimate-form]');
  if (!form) return;
  const rate = BigInt(form.getAttribute('data-tax-milli') || '0');
  const money = (cents) => (cents < 0n ? '-$' : '$') + (Math.abs(Number(cents)) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const update = () => {
    let subtotal = 0n;
    form.querySelectorAll('[data-line-cents]').forEach((line) => {
      const box = line.querySelector('input[type=checkbox]');
      if (!box || box.checked) subtotal += BigInt(line.getAttribute('data-line-cents'));
    });
    const tax = subtotal < 0n ? -((-subtotal * rate + 50000n) / 100000n) : (subtotal * rate + 50000n) / 100000n;
    const set = (name, cents) => { const el = form.querySelector('[data-total=' + name + ']'); if (el) el.textContent = money(cents); };
    set('subtotal', subtotal); set('tax', tax); set('total', subtotal + tax);
    // The schedule follows the total as the server computes it: each part rounded half up, the last the rest.
    const parts = [...form.querySelectorAll('[data-schedule-part]')];
    let left = subtotal + tax > 0n ? subtotal + tax : 0n;
    parts.forEach((part, index) => {
      let cents = left;
      if (index < parts.length - 1) {
        const fixed = part.getAttribute('data-amount-cents');
        const nominal = fixed !== null ? BigInt(fixed) : ((subtotal + tax) * BigInt(part.getAttribute('data-percent-milli') || '0') + 50000n) / 100000n;
        cents = nominal < 0n ? 0n : nominal > left ? left : nominal;
      }
      left -= cents;
      const cell = part.querySelector('[data-schedule-amount]');
      if (cell) cell.textContent = money(cents);
    });
  };
  // Her ticks are kept against the estimate as she makes them: a reload or another device shows them.
  const save = () => {
    const options = [...form.querySelectorAll('input[name=options]:checked')].map((box) => Number(box.value));
    fetch('/estimate/' + token + '/options', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ options }),
    }).catch(() => {});
  };
  form.addEventListener('change', (event) => {
    update();
    if (event.target instanceof HTMLInputElement && event.target.name === 'options' && root.hasAttribute('data-estimate-live')) save();
  });
  const button = form.querySelector('[data-update-total]');
  if (button) button.hidden = true;
})();
`;
