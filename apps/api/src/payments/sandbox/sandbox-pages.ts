import { TEST_CARDS } from './test-cards.ts';

/**
 * The sandbox checkout's browser side: the provider script a page loads (it mounts the card form in
 * an iframe and reports back by postMessage) and the card form itself. The card number goes from the
 * form to the sandbox's own endpoint, never to the app's /api.
 */

export const CHECKOUT_SCRIPT = `(function () {
  var script = document.currentScript;
  var origin = script ? new URL(script.src).origin : window.location.origin;
  window.SandboxCheckout = {
    mount: function (target, options) {
      var el = typeof target === 'string' ? document.querySelector(target) : target;
      var iframe = document.createElement('iframe');
      iframe.src = origin + '/sandbox-checkout/form/' + encodeURIComponent(options.sessionId);
      iframe.title = 'Formulario de pago con tarjeta';
      iframe.setAttribute('data-sandbox-checkout', '');
      iframe.style.width = '100%';
      iframe.style.border = '0';
      iframe.style.height = '460px';
      el.replaceChildren(iframe);
      function listener(ev) {
        if (ev.source !== iframe.contentWindow) return;
        var d = ev.data || {};
        if (d.type === 'sandbox-checkout:complete' && options.onComplete) options.onComplete(d);
        if (d.type === 'sandbox-checkout:error' && options.onError) options.onError(d);
        if (d.type === 'sandbox-checkout:resize') iframe.style.height = d.height + 'px';
      }
      window.addEventListener('message', listener);
      return {
        unmount: function () {
          window.removeEventListener('message', listener);
          iframe.remove();
        },
      };
    },
  };
})();
`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pesos(centavos: number): string {
  const [int, dec] = (centavos / 100).toFixed(2).split('.');
  return `$ ${(int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec ?? '00'}`;
}

const CARD_LIST = Object.entries(TEST_CARDS)
  .map(
    ([n, c]) =>
      `<li><code>${n.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${escapeHtml(c.label)}</li>`,
  )
  .join('');

/** The card form of one session (or a notice when it cannot be paid). */
export function formPage(session: {
  id: string;
  amount: number;
  status: string;
  description: string;
}): string {
  const payable = session.status === 'open';
  const notice =
    session.status === 'complete'
      ? 'Este pago ya se realizó.'
      : 'La sesión de pago expiró. Vuelva a empezar la compra.';
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pago con tarjeta</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; padding: 16px; color: #212529; background: #fff; }
  .test { background: #fff3cd; border: 1px solid #ffe69c; border-radius: 6px; padding: 8px 12px; font-size: 13px; margin-bottom: 14px; }
  .test ul { margin: 6px 0 0; padding-left: 18px; } .test code { font-size: 12px; }
  label { display: block; font-size: 14px; font-weight: 600; margin: 10px 0 4px; }
  input { width: 100%; box-sizing: border-box; font-size: 16px; padding: 8px 10px; border: 1px solid #ced4da; border-radius: 6px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { margin-top: 16px; width: 100%; font-size: 16px; padding: 10px; border: 0; border-radius: 6px; background: #0d6efd; color: #fff; cursor: pointer; }
  button.secondary { background: #6c757d; } button:disabled { opacity: .6; cursor: wait; }
  .error { color: #dc3545; font-weight: 600; margin-top: 12px; min-height: 1.2em; }
  .ok { color: #198754; font-weight: 600; font-size: 18px; }
  .hidden { display: none; }
</style></head>
<body>
<div class="test" role="note"><strong>Modo de prueba:</strong> ningún cargo es real. Tarjetas de prueba (cualquier vencimiento futuro y CVC de 3 dígitos):<ul>${CARD_LIST}</ul></div>
${
  payable
    ? `<form id="card" novalidate>
  <div><strong>${escapeHtml(session.description)}</strong></div>
  <label for="number">Número de tarjeta</label>
  <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
  <div class="row">
    <div><label for="exp">Vencimiento (MM/AA)</label><input id="exp" name="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" required></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div>
  </div>
  <label for="name">Nombre en la tarjeta</label>
  <input id="name" name="name" autocomplete="cc-name">
  <button id="pay" type="submit">Pagar ${pesos(session.amount)} MXN</button>
  <div id="error" class="error" role="alert"></div>
</form>
<div id="challenge" class="hidden">
  <p><strong>Verificación 3-D Secure</strong></p>
  <p>Su banco le pide confirmar el pago de ${pesos(session.amount)} MXN.</p>
  <button id="approve" type="button">Autorizar pago</button>
  <button id="reject" type="button" class="secondary">Rechazar</button>
</div>
<p id="done" class="ok hidden" role="status">Pago aprobado</p>`
    : `<p class="error" role="alert">${notice}</p>`
}
<script>
(function () {
  var id = ${JSON.stringify(session.id)};
  function post(msg) { window.parent.postMessage(msg, '*'); }
  function resize() { post({ type: 'sandbox-checkout:resize', height: document.body.scrollHeight + 8 }); }
  window.addEventListener('load', resize);
  var form = document.getElementById('card');
  if (!form) return;
  var error = document.getElementById('error');
  var pay = document.getElementById('pay');
  function show(el, on) { el.classList.toggle('hidden', !on); resize(); }
  function outcome(r) {
    pay.disabled = false;
    if (r.status === 'succeeded') {
      show(form, false); show(document.getElementById('challenge'), false);
      show(document.getElementById('done'), true);
      post({ type: 'sandbox-checkout:complete', sessionId: id });
    } else if (r.status === 'requires_action') {
      show(form, false); show(document.getElementById('challenge'), true);
    } else {
      show(form, true); show(document.getElementById('challenge'), false);
      error.textContent = r.message || 'Tarjeta rechazada';
      post({ type: 'sandbox-checkout:error', message: error.textContent });
      resize();
    }
  }
  function call(path, body) {
    return fetch('/sandbox-checkout/sessions/' + encodeURIComponent(id) + path, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    }).then(function (r) { return r.json(); })
      .catch(function () { return { status: 'failed', message: 'No fue posible conectar con la pasarela de pagos.' }; });
  }
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    error.textContent = '';
    pay.disabled = true;
    call('/pay', { number: form.number.value, exp: form.exp.value, cvc: form.cvc.value }).then(outcome);
  });
  document.getElementById('approve').addEventListener('click', function () { call('/challenge', { approve: true }).then(outcome); });
  document.getElementById('reject').addEventListener('click', function () { call('/challenge', { approve: false }).then(outcome); });
})();
</script>
</body></html>`;
}
