/**
 * The simulator's stand-in for https://sdk.cashfree.com/js/v3/cashfree.js, served as plain JS.
 * Same contract as the real SDK: `Cashfree({ mode }).checkout({ paymentSessionId,
 * redirectTarget: '_modal' })` opens the checkout in a modal and resolves with
 * `{ paymentDetails: { paymentMessage } }` on success or `{ error: { message, code, type } }`
 * on failure or when the customer closes it. The checkout page runs in an iframe on the
 * simulator's origin and reports back by postMessage; messages from any other origin or window
 * are ignored.
 */
export const SDK_SHIM_JS = `(function () {
  'use strict';
  var script = document.currentScript;
  var checkoutOrigin = new URL(script && script.src ? script.src : '/payments-simulator/cashfree.js', window.location.href).origin;

  function Cashfree(options) {
    var mode = options && options.mode === 'production' ? 'production' : 'sandbox';
    return {
      mode: mode,
      version: function () { return 'simulator-2025-01-01'; },
      checkout: function (checkoutOptions) {
        return new Promise(function (resolve) {
          var sessionId = checkoutOptions && checkoutOptions.paymentSessionId;
          if (typeof sessionId !== 'string' || sessionId === '') {
            resolve({ error: { message: 'paymentSessionId is not present or is invalid', code: 'payment_session_id_invalid', type: 'validation_error' } });
            return;
          }
          var previousFocus = document.activeElement;
          var overlay = document.createElement('div');
          overlay.setAttribute('data-cashfree-simulator', '');
          overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,0.6);padding:0;margin:0';
          var frame = document.createElement('iframe');
          frame.title = 'Cashfree checkout (simulator)';
          frame.src = checkoutOrigin + '/payments-simulator/checkout/' + encodeURIComponent(sessionId) +
            '?parent_origin=' + encodeURIComponent(window.location.origin) +
            '&lang=' + encodeURIComponent(document.documentElement.lang || '');
          frame.style.cssText = 'width:100%;max-width:440px;height:100%;max-height:680px;border:0;border-radius:12px;background:#fff;box-shadow:0 10px 40px rgba(0,0,0,0.3)';
          overlay.appendChild(frame);
          var settled = false;

          function finish(result) {
            if (settled) return;
            settled = true;
            window.removeEventListener('message', onMessage);
            document.removeEventListener('keydown', onKeyDown, true);
            if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
            if (previousFocus && typeof previousFocus.focus === 'function') previousFocus.focus();
            resolve(result);
          }
          function onMessage(event) {
            if (event.origin !== checkoutOrigin || event.source !== frame.contentWindow) return;
            var data = event.data;
            if (!data || data.source !== 'cashfree-simulator') return;
            if (data.type === 'payment_success') {
              finish({ paymentDetails: { paymentMessage: data.message || 'Payment finished. Check status.' } });
            } else if (data.type === 'payment_failed') {
              finish({ error: { message: data.message || 'Payment failed', code: 'payment_failed', type: 'payment_error' } });
            } else if (data.type === 'user_dropped') {
              finish({ error: { message: 'User dropped', code: 'user_dropped', type: 'user_dropped' } });
            }
          }
          // Escape outside the frame asks the page to close, so the drop is recorded like a click.
          function onKeyDown(event) {
            if (event.key === 'Escape' && frame.contentWindow) {
              frame.contentWindow.postMessage({ source: 'cashfree-simulator-host', type: 'close' }, checkoutOrigin);
            }
          }
          window.addEventListener('message', onMessage);
          document.addEventListener('keydown', onKeyDown, true);
          frame.addEventListener('load', function () { frame.focus(); });
          document.body.appendChild(overlay);
        });
      }
    };
  }
  window.Cashfree = Cashfree;
})();
`;
