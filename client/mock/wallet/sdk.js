// Demo wallet: a local stand-in for the PayPal JS SDK, loaded by @paypal/react-paypal-js through `sdkBaseUrl`
// when the storefront runs against the demo backend. It implements the part of `paypal.Buttons` that the root
// PayPalButtons component uses, and lets a shopper (or a Playwright test) approve, decline or cancel.
// Plain browser JS with no build step; styles are set through the CSSOM only, so a strict CSP
// (no 'unsafe-inline' styles, no eval) does not block it.
(function () {
  'use strict';

  var script = document.currentScript;
  var query = new URLSearchParams(script && script.src ? new URL(script.src, window.location.href).search : '');
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal';

  // Like the real SDK, no client id means no SDK: the loader then reports the script as failed.
  if (!query.get('client-id')) {
    console.error('Demo wallet: the client-id query parameter is required; window.' + namespace + ' is not defined.');
    return;
  }
  var components = (query.get('components') || 'buttons').split(',');

  var DECLINE_MESSAGE = 'Payment declined by the buyer in the demo wallet';
  var PAYER_ID = 'DEMOPAYER';
  var COLORS = {
    // 'Pal' is darker than PayPal's brand cyan: text on these buttons must meet WCAG contrast (the real
    // button draws its logo as an image inside an iframe).
    gold: { background: '#ffc439', hover: '#f2ba36', pay: '#003087', pal: '#00457c', border: 'transparent' },
    blue: { background: '#0070ba', hover: '#003087', pay: '#ffffff', pal: '#ffffff', border: 'transparent' },
    silver: { background: '#eeeeee', hover: '#cccccc', pay: '#003087', pal: '#00457c', border: 'transparent' },
    white: { background: '#ffffff', hover: '#f2f2f2', pay: '#003087', pal: '#00457c', border: '#555555' },
    black: { background: '#2c2e2f', hover: '#000000', pay: '#ffffff', pal: '#ffffff', border: 'transparent' },
  };
  var idCounter = 0;

  function css(element, styles) {
    Object.keys(styles).forEach(function (name) {
      element.style[name] = styles[name];
    });
    return element;
  }

  function el(tag, text, styles) {
    var element = document.createElement(tag);
    if (text) element.textContent = text;
    return css(element, styles || {});
  }

  function randomOrderId() {
    var chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
    var out = 'DEMO';
    for (var i = 0; i < 13; i += 1) out += chars[Math.floor(Math.random() * chars.length)];
    return out;
  }

  function showFocusRing(element, color) {
    element.addEventListener('focus', function () {
      if (element.matches(':focus-visible')) css(element, { outline: '3px solid ' + color, outlineOffset: '2px' });
    });
    element.addEventListener('blur', function () {
      css(element, { outline: 'none' });
    });
  }

  /** The approval window of the real wallet, as an accessible modal dialog. Resolves with the buyer's choice. */
  function askBuyer(orderID, returnFocusTo, onOpen) {
    return new Promise(function (resolve) {
      idCounter += 1;
      var titleId = 'demo-wallet-title-' + idCounter;
      var dialog = el('dialog', '', {
        border: 'none',
        borderRadius: '12px',
        padding: '24px',
        width: 'min(420px, calc(100vw - 32px))',
        boxSizing: 'border-box',
        boxShadow: '0 24px 60px rgba(0, 0, 0, 0.35)',
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        color: '#1a1a1a',
        background: '#ffffff',
      });
      dialog.setAttribute('aria-labelledby', titleId);
      var title = el('h2', 'Demo wallet', { margin: '0 0 8px', fontSize: '20px', color: '#003087' });
      title.id = titleId;
      var note = el('p', 'A demo of the wallet approval: no real payment is made.', {
        margin: '0 0 12px',
        fontSize: '14px',
      });
      var order = el('p', 'Order ID: ', { margin: '0 0 20px', fontSize: '14px' });
      order.appendChild(el('strong', orderID, { fontFamily: 'ui-monospace, monospace' }));
      var row = el('div', '', { display: 'flex', gap: '8px', flexWrap: 'wrap' });

      function choice(label, value, styles) {
        var button = el(
          'button',
          label,
          Object.assign(
            {
              flex: '1 1 auto',
              minHeight: '44px',
              padding: '0 16px',
              borderRadius: '22px',
              fontSize: '16px',
              fontWeight: '600',
              cursor: 'pointer',
            },
            styles,
          ),
        );
        button.type = 'button';
        showFocusRing(button, '#0e3e8c');
        button.addEventListener('click', function () {
          finish(value);
        });
        row.appendChild(button);
        return button;
      }

      var approve = choice('Approve', 'approve', {
        background: '#ffc439',
        color: '#111111',
        border: '1px solid #ffc439',
      });
      choice('Decline', 'decline', { background: '#ffffff', color: '#a4262c', border: '1px solid #a4262c' });
      choice('Cancel', 'cancel', { background: '#ffffff', color: '#1a1a1a', border: '1px solid #767676' });

      var settled = false;
      function finish(value) {
        if (settled) return;
        settled = true;
        if (dialog.open) dialog.close();
        dialog.remove();
        if (returnFocusTo && returnFocusTo.isConnected) returnFocusTo.focus();
        resolve(value);
      }
      // Escape closes a modal dialog; treat it as the buyer cancelling.
      dialog.addEventListener('cancel', function (event) {
        event.preventDefault();
        finish('cancel');
      });

      dialog.append(title, note, order, row);
      document.body.appendChild(dialog);
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      approve.focus();
      onOpen(finish);
    });
  }

  function Buttons(initialProps) {
    var props = Object.assign({}, initialProps);
    var style = props.style || {};
    var colors = COLORS[style.color] || COLORS.gold;
    var height = Math.min(Math.max(Number(style.height) || 45, 25), 55);
    var radius = style.shape === 'sharp' ? '0' : style.shape === 'rect' ? '4px' : height / 2 + 'px';
    var enabled = true;
    var busy = false;
    var closed = false;
    var container = null;
    var button = null;
    /** Closes the open approval dialog, if any (set while the buyer is deciding). */
    var dismissDialog = null;

    function report(error) {
      if (typeof props.onError === 'function') props.onError(error instanceof Error ? error : new Error(String(error)));
      else console.error('Demo wallet:', error);
    }

    function setBusy(value) {
      busy = value;
      if (button) button.setAttribute('aria-busy', String(value));
    }

    function setEnabled(value) {
      enabled = value;
      if (!button) return;
      button.setAttribute('aria-disabled', String(!value));
      css(button, { cursor: value ? 'pointer' : 'not-allowed' });
    }

    function buildButton() {
      var wrapper = el('div', '', { width: '100%', minWidth: '150px' });
      var b = el('button', '', {
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: '100%',
        height: height + 'px',
        padding: '0 16px',
        boxSizing: 'border-box',
        border: '1px solid ' + colors.border,
        borderRadius: radius,
        background: colors.background,
        font: 'italic 700 ' + Math.round(height * 0.45) + 'px/1 Verdana, "Helvetica Neue", Arial, sans-serif',
        letterSpacing: '-0.5px',
        cursor: 'pointer',
      });
      b.type = 'button';
      b.setAttribute('aria-label', 'PayPal');
      b.append(el('span', 'Pay', { color: colors.pay }), el('span', 'Pal', { color: colors.pal }));
      showFocusRing(b, '#0e3e8c');
      b.addEventListener('mouseenter', function () {
        if (enabled) css(b, { background: colors.hover });
      });
      b.addEventListener('mouseleave', function () {
        css(b, { background: colors.background });
      });
      b.addEventListener('click', function () {
        void startFlow();
      });
      wrapper.appendChild(b);
      return { wrapper: wrapper, button: b };
    }

    async function runOnClick() {
      if (typeof props.onClick !== 'function') return true;
      var rejected = false;
      var actions = {
        resolve: function () {
          return Promise.resolve();
        },
        reject: function () {
          rejected = true;
          return Promise.resolve();
        },
      };
      var result = await props.onClick({ fundingSource: 'paypal' }, actions);
      return result !== false && !rejected;
    }

    async function startFlow() {
      if (!enabled || busy || closed) return;
      setBusy(true);
      var orderID;
      try {
        if (!(await runOnClick())) return setBusy(false);
        var createActions = {
          order: {
            create: function () {
              return Promise.resolve(randomOrderId());
            },
          },
        };
        orderID =
          typeof props.createOrder === 'function'
            ? await props.createOrder({ paymentSource: 'paypal' }, createActions)
            : randomOrderId();
        if (typeof orderID !== 'string' || orderID === '') throw new Error('Expected an order id to be passed');
      } catch (error) {
        setBusy(false);
        return report(error);
      }
      void approveFlow(orderID);
    }

    /** Asks the buyer; on approval hands over to onApprove, whose actions.restart() asks again for the same order. */
    async function approveFlow(orderID) {
      setBusy(true);
      var decision = await askBuyer(orderID, button, function (finish) {
        dismissDialog = finish;
      });
      dismissDialog = null;
      if (closed) return;
      if (decision === 'decline') {
        setBusy(false);
        return report(new Error(DECLINE_MESSAGE));
      }
      if (decision === 'cancel') {
        setBusy(false);
        if (typeof props.onCancel === 'function') props.onCancel({ orderID: orderID }, { redirect: redirect });
        return;
      }
      var restarted = false;
      var actions = {
        restart: function () {
          restarted = true;
          void approveFlow(orderID);
        },
        redirect: redirect,
        order: {
          capture: function () {
            return Promise.resolve({ id: orderID, status: 'COMPLETED' });
          },
          authorize: function () {
            return Promise.resolve({ id: orderID, status: 'COMPLETED' });
          },
          get: function () {
            return Promise.resolve({ id: orderID, status: 'APPROVED' });
          },
          patch: function () {
            return Promise.resolve();
          },
        },
      };
      try {
        if (typeof props.onApprove === 'function') {
          var approving = props.onApprove(
            { orderID: orderID, payerID: PAYER_ID, paymentID: null, facilitatorAccessToken: 'DEMO' },
            actions,
          );
          // For tests: a cancel reported after the approval, as a wallet window closed at that moment may send.
          var hooks = window.__demoWallet;
          if (hooks && hooks.cancelAfterApprove && typeof props.onCancel === 'function') {
            props.onCancel({ orderID: orderID }, { redirect: redirect });
          }
          await approving;
        }
      } catch (error) {
        report(error);
      } finally {
        if (!restarted) setBusy(false);
      }
    }

    function redirect(url) {
      if (url) window.location.assign(url);
    }

    return {
      isEligible: function () {
        return !props.fundingSource || props.fundingSource === 'paypal';
      },
      render: function (target) {
        if (closed) return Promise.reject(new Error('Demo wallet: the buttons were closed'));
        if (container) return Promise.reject(new Error('Demo wallet: the buttons are already rendered'));
        var element = typeof target === 'string' ? document.querySelector(target) : target;
        if (!element) return Promise.reject(new Error('Demo wallet: container ' + String(target) + ' not found'));
        var built = buildButton();
        container = built.wrapper;
        button = built.button;
        element.appendChild(container);
        setEnabled(enabled);
        if (typeof props.onInit === 'function') {
          props.onInit(
            {},
            {
              enable: function () {
                setEnabled(true);
                return Promise.resolve();
              },
              disable: function () {
                setEnabled(false);
                return Promise.resolve();
              },
            },
          );
        }
        return Promise.resolve();
      },
      updateProps: function (next) {
        Object.assign(props, next);
        return Promise.resolve();
      },
      close: function () {
        if (!closed) {
          closed = true;
          if (container) container.remove();
          // An unmounted button takes its dialog with it; the flow ends without callbacks.
          if (dismissDialog) dismissDialog('closed');
        }
        return Promise.resolve();
      },
    };
  }

  var api = {
    version: 'demo',
    FUNDING: { PAYPAL: 'paypal', VENMO: 'venmo', CARD: 'card', CREDIT: 'credit', PAYLATER: 'paylater' },
    getFundingSources: function () {
      return ['paypal'];
    },
    isFundingEligible: function (source) {
      return source === 'paypal';
    },
  };
  if (components.indexOf('buttons') !== -1) api.Buttons = Buttons;
  window[namespace] = api;
})();
