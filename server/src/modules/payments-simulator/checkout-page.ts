import type { Locale } from '@loan-portal/api-client';
import { escapeHtml, scriptJson } from '../../lib/html';
import type { SimulatedCheckout } from '../../providers/payments/simulator';
import { t } from '../i18n/translator';

export function formatInr(amount: number): string {
  return `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
}

/** The payment methods offered; their names are the server catalog's checkout.method.*. */
const METHODS = ['credit_card', 'debit_card', 'upi', 'net_banking'] as const;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
main{max-width:440px;margin:0 auto;padding:16px}
header{display:flex;align-items:center;justify-content:space-between;gap:8px}
h1{font-size:1.25rem;margin:0}
.close{min-width:44px;min-height:44px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;font-size:1.5rem;line-height:1;cursor:pointer}
.note{margin:8px 0 16px;padding:8px 12px;border-radius:8px;background:#fef9c3;color:#713f12;font-size:.875rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 16px}
dt{color:#475569}dd{margin:0;font-weight:600;word-break:break-all}
fieldset{border:1px solid #cbd5e1;border-radius:8px;margin:0 0 16px;padding:8px 12px}
legend{padding:0 4px;font-weight:600}
label{display:flex;align-items:center;gap:10px;min-height:44px;cursor:pointer}
input[type=radio]{width:20px;height:20px;margin:0}
.actions{display:flex;flex-direction:column;gap:8px}
button.primary,button.secondary{min-height:48px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
button.primary{border:0;background:#4f46e5;color:#fff}
button.secondary{border:1px solid #b91c1c;background:#fff;color:#b91c1c}
button:disabled{opacity:.6;cursor:progress}
button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
[role=status]{min-height:1.5em;margin-top:12px}
`;

/**
 * The simulator's checkout page, shown inside the SDK shim's modal. Works at 360px wide. In the
 * caller's language (issue 16): English by default, word for word as before.
 */
export function renderCheckoutPage(options: {
  paymentSessionId: string;
  checkout: SimulatedCheckout;
  parentOrigin: string | null;
  nonce: string;
  locale?: Locale;
}): string {
  const { checkout } = options;
  const locale = options.locale ?? 'en';
  const text = (id: string, values?: Record<string, unknown>) => escapeHtml(t(locale, id, values));
  const amount = formatInr(checkout.amount);
  const pay = text('checkout.pay', { amount });
  // What the page's script says while it works.
  const scriptTexts = {
    processing: t(locale, 'checkout.processing'),
    success: t(locale, 'checkout.success'),
    failed: t(locale, 'checkout.failed'),
    closing: t(locale, 'checkout.closing'),
    recordFailed: t(locale, 'checkout.recordFailed'),
  };
  const open = checkout.status === 'ACTIVE';
  const methods = METHODS.map(
    (m, i) =>
      `<label><input type="radio" name="method" value="${m}"${i === 0 ? ' checked' : ''}> ${text(`checkout.method.${m}`)}</label>`,
  ).join('\n        ');
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('checkout.pageTitle', { amount })}</title>
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="title">
  <header>
    <h1 id="title">${pay}</h1>
    <button type="button" class="close" id="close" aria-label="${text('checkout.close')}">&times;</button>
  </header>
  <p class="note">${text('checkout.note')}</p>
  <dl>
    <dt>${text('checkout.order')}</dt><dd id="order-id">${escapeHtml(checkout.orderId)}</dd>
    <dt>${text('checkout.amount')}</dt><dd>${amount}</dd>
  </dl>
  ${
    open
      ? `<form id="pay-form">
    <fieldset>
      <legend>${text('checkout.paymentMethod')}</legend>
        ${methods}
    </fieldset>
    <div class="actions">
      <button type="submit" class="primary" id="pay">${pay}</button>
      <button type="button" class="secondary" id="fail">${text('checkout.fail')}</button>
    </div>
  </form>`
      : `<p>${text('checkout.closedOrder', { status: checkout.status.toLowerCase() })}</p>`
  }
  <p role="status" aria-live="polite" id="status"></p>
</main>
<script nonce="${options.nonce}">
(function () {
  'use strict';
  var sessionId = ${scriptJson(options.paymentSessionId)};
  var parentOrigin = ${scriptJson(options.parentOrigin)};
  var statusEl = document.getElementById('status');
  var form = document.getElementById('pay-form');
  var busy = false;
  var finished = ${open ? 'false' : 'true'};
  var texts = ${scriptJson(scriptTexts)};

  function tell(type, message) {
    if (window.parent !== window && parentOrigin) {
      window.parent.postMessage({ source: 'cashfree-simulator', type: type, message: message }, parentOrigin);
    }
  }
  function setBusy(value) {
    busy = value;
    var buttons = document.querySelectorAll('form button');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = value;
  }
  function complete(outcome) {
    var checked = document.querySelector('input[name=method]:checked');
    return fetch('/payments-simulator/sessions/' + encodeURIComponent(sessionId) + '/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: outcome, payment_group: checked ? checked.value : 'upi' })
    }).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body && body.message ? body.message : texts.recordFailed);
        return body;
      });
    });
  }
  function run(outcome, messageType) {
    if (busy || finished) return;
    setBusy(true);
    statusEl.textContent = texts.processing;
    complete(outcome).then(function (body) {
      finished = true;
      statusEl.textContent = outcome === 'SUCCESS' ? texts.success : texts.failed;
      tell(messageType, body.payment_message);
    }, function (error) {
      statusEl.textContent = error.message;
      setBusy(false);
    });
  }
  function close() {
    if (busy) return;
    if (finished) { tell('user_dropped'); return; }
    busy = true;
    finished = true;
    statusEl.textContent = texts.closing;
    complete('USER_DROPPED').then(function () { tell('user_dropped'); }, function () { tell('user_dropped'); });
  }
  if (form) {
    form.addEventListener('submit', function (event) { event.preventDefault(); run('SUCCESS', 'payment_success'); });
    document.getElementById('fail').addEventListener('click', function () { run('FAILED', 'payment_failed'); });
  }
  document.getElementById('close').addEventListener('click', close);
  document.addEventListener('keydown', function (event) { if (event.key === 'Escape') close(); });
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    if (event.data && event.data.source === 'cashfree-simulator-host' && event.data.type === 'close') close();
  });
  var first = document.querySelector('input[name=method]:checked') || document.getElementById('close');
  first.focus();
})();
</script>
</body>
</html>`;
}
