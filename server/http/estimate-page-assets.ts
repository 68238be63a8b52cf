/**
 * The estimate page's style sheet (inline: the CSP allows inline styles, not scripts) and its one
 * script, served from the site's own origin. The script reports the page as viewed once it is
 * shown (a mail scanner that fetches the link runs no script), and makes the total follow the
 * ticked options as the server computes it (cents, tax rounded half up); without it the Update
 * total button asks the server.
 */

export const estimateScriptPath = '/estimate-page.js';

export const estimateStyles = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#f8f1e4;color:#1e1b16;font:17px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
.site-header{background:#1f3d2b;color:#fff}
.site-header a{display:flex;align-items:center;gap:10px;max-width:48rem;margin:0 auto;padding:14px 16px;color:#fff;text-decoration:none;font:700 19px/1.2 "Roboto Slab",Georgia,serif}
.site-header .phone{margin-left:auto;font:600 15px/1.2 system-ui,sans-serif;color:#f4e8d6}
main{max-width:48rem;margin:0 auto;padding:20px 12px 56px}
.card{background:#fff;border:1px solid #eadfcb;border-radius:14px;padding:20px 16px;box-shadow:0 1px 2px rgba(0,0,0,.05);margin-bottom:16px}
h1{margin:0 0 4px;font:700 26px/1.2 "Roboto Slab",Georgia,serif;color:#1f3d2b}
h2{margin:0 0 12px;font:700 20px/1.25 "Roboto Slab",Georgia,serif;color:#1f3d2b}
.muted{color:#5f574b}
.small{font-size:14px}
.meta{display:grid;gap:12px;margin:16px 0 0;padding:0}
.meta div{margin:0}
.meta dt{font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#5f574b}
.meta dd{margin:2px 0 0}
table{width:100%;border-collapse:collapse;margin-top:4px}
th{font-size:13px;text-transform:uppercase;letter-spacing:.04em;color:#5f574b;text-align:left;padding:6px 0;border-bottom:2px solid #eadfcb}
td{padding:12px 0;border-bottom:1px solid #f1e5cf;vertical-align:top}
.num{text-align:right;white-space:nowrap;padding-left:12px}
.col-qty,.col-unit{display:none}
.each{display:block;font-size:14px;color:#5f574b;margin-top:2px}
.optional-row td{background:#fbf6ef}
.optional-row td:first-child{padding-left:8px}
.optional-row td:last-child{padding-right:8px}
.option{display:flex;gap:10px;align-items:flex-start;font-weight:600;cursor:pointer}
.option input{width:22px;height:22px;margin:2px 0 0;accent-color:#2f5d3f;flex:none}
.tag{display:inline-block;font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#8b5a2b;background:#f4e8d6;border-radius:999px;padding:1px 8px;margin-left:2px}
.totals{margin:12px 0 0;display:grid;gap:4px}
.totals div{display:flex;justify-content:space-between;gap:12px}
.totals dt,.totals dd{margin:0}
.totals .grand{font:700 22px/1.3 "Roboto Slab",Georgia,serif;color:#1f3d2b;border-top:2px solid #eadfcb;padding-top:8px;margin-top:4px}
.notes{white-space:pre-wrap}
label.field,legend{display:block;font-weight:700;color:#1f3d2b;margin-bottom:6px;font-size:16px}
fieldset{border:0;margin:0;padding:0}
input[type=text],textarea{display:block;width:100%;border:1px solid #8f8678;border-radius:10px;padding:12px;font:inherit;color:inherit;background:#fff}
textarea{min-height:110px;resize:vertical}
input[type=text]:focus-visible,textarea:focus-visible{outline:2px solid #2f5d3f;border-color:#2f5d3f}
.check{display:flex;gap:10px;align-items:flex-start;font-weight:600;margin-top:14px}
.check input{width:22px;height:22px;margin:2px 0 0;accent-color:#2f5d3f;flex:none}
.radios{display:grid;gap:8px}
.radios label{display:flex;gap:10px;align-items:center;min-height:44px;padding:6px 12px;border:1px solid #d6cbb8;border-radius:10px;cursor:pointer}
.radios input{width:20px;height:20px;accent-color:#2f5d3f}
.stack{display:grid;gap:16px}
button,.button{display:inline-flex;justify-content:center;align-items:center;min-height:52px;padding:12px 22px;border:0;border-radius:10px;background:#2f5d3f;color:#fff;font:700 18px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;text-decoration:none;cursor:pointer;width:100%}
.button.secondary,button.secondary{background:#fff;color:#2f5d3f;border:2px solid #2f5d3f}
button.quiet{min-height:44px;font-size:16px;background:#f4e8d6;color:#57371d;width:auto;margin-top:12px}
button:focus-visible,.button:focus-visible,a:focus-visible,summary:focus-visible{outline:3px solid #c98f4f;outline-offset:2px}
details{border-top:1px solid #eadfcb;padding-top:14px;margin-top:14px}
summary{cursor:pointer;font-weight:700;color:#2f5d3f;min-height:44px;display:flex;align-items:center}
.notice{border-radius:10px;padding:12px 14px;margin:0 0 16px;font-weight:600}
.notice.success{background:#dde9e0;color:#162c1f}
.notice.error{background:#fbe9e5;color:#7c3626;border:2px solid #b5543c}
.approved-stamp{border:2px solid #2f5d3f;border-radius:12px;padding:14px;background:#f1f6f2;margin:0 0 16px}
.hash{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all;color:#5f574b}
.preview-banner{background:#8b5a2b;color:#fff;text-align:center;padding:10px;font-weight:700}
a{color:#2f5d3f}
@media (min-width:640px){
main{padding:36px 20px 64px}.card{padding:28px 32px}
h1{font-size:32px}
.meta{grid-template-columns:repeat(3,minmax(0,1fr))}
.col-qty,.col-unit{display:table-cell}
.each{display:none}
button,.button{width:auto}
}
@media print{.site-header,.no-print,details,form .actions{display:none}body{background:#fff}.card{border:0;box-shadow:none}}
`;

export const estimateScript = `(() => {
  const body = document.body;
  const token = body.getAttribute('data-estimate-token');
  if (!token) return;
  if (body.hasAttribute('data-estimate-live')) {
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
  const money = (cents) => '$' + (Number(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const update = () => {
    let subtotal = 0n;
    form.querySelectorAll('[data-line-cents]').forEach((line) => {
      const box = line.querySelector('input[type=checkbox]');
      if (!box || box.checked) subtotal += BigInt(line.getAttribute('data-line-cents'));
    });
    const tax = (subtotal * rate + 50000n) / 100000n;
    const set = (name, cents) => { const el = form.querySelector('[data-total=' + name + ']'); if (el) el.textContent = money(cents); };
    set('subtotal', subtotal); set('tax', tax); set('total', subtotal + tax);
  };
  form.addEventListener('change', update);
  const button = form.querySelector('[data-update-total]');
  if (button) button.hidden = true;
})();
`;
