// @ts-check
// Demo wallet: a local stand-in for PayPal's JavaScript SDK v6 (the core script, `window.paypal`), loaded from the
// site when the storefront runs against the demo backend. It implements the part of v6 the storefront's adapter
// uses: `createInstance`, `findEligibleMethods`, the one-time payment session and the `<paypal-button>` element,
// each typed by PayPal's own declarations (@paypal/paypal-js/sdk-v6), so a drift from them fails the type check.
// Its approval window lets a shopper (or a test) approve, decline, cancel or ship abroad. Plain browser JS with no
// build step; styles are set through the CSSOM only, so a strict CSP (no 'unsafe-inline', no eval) does not block it.
(function () {
  'use strict';

  /**
   * @typedef {import('@paypal/paypal-js/sdk-v6').PayPalV6Namespace} Namespace
   * @typedef {import('@paypal/paypal-js/sdk-v6').BaseInstance} BaseInstance
   * @typedef {import('@paypal/paypal-js/sdk-v6').PayPalPaymentsInstance} PaymentsInstance
   * @typedef {import('@paypal/paypal-js/sdk-v6').PayPalOneTimePaymentSessionOptions} SessionOptions
   * @typedef {import('@paypal/paypal-js/sdk-v6').OneTimePaymentSession} Session
   * @typedef {import('@paypal/paypal-js/sdk-v6').OnErrorData} PayPalError
   * @typedef {import('@paypal/paypal-js/sdk-v6').ShippingAddressErrorMessages} AddressErrors
   * @typedef {Pick<BaseInstance, 'findEligibleMethods'> & Pick<PaymentsInstance, 'createPayPalOneTimePaymentSession'>} DemoInstance
   * @typedef {{ cancelAfterApprove?: boolean, ineligible?: boolean, eligibilityError?: boolean, noSession?: boolean, scriptClicks?: boolean }} TestHooks
   */

  var script = document.currentScript;
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal';

  var DECLINE_MESSAGE = 'Payment declined by the buyer in the demo wallet';
  var PAYER_ID = 'DEMOPAYER';
  /** @type {AddressErrors} */
  var ADDRESS_ERRORS = {
    ADDRESS_ERROR: 'Your order can\u2019t be shipped to this address.',
    COUNTRY_ERROR: 'Your order can\u2019t be shipped to this country.',
    STATE_ERROR: 'Your order can\u2019t be shipped to this state.',
    ZIP_ERROR: 'Your order can\u2019t be shipped to this zip.',
  };
  var ADDRESSES = [
    {
      label: 'United States (Austin, TX 78701)',
      address: { countryCode: 'US', city: 'Austin', state: 'TX', postalCode: '78701' },
    },
    {
      label: 'Canada (Toronto, ON M5V 2T6)',
      address: { countryCode: 'CA', city: 'Toronto', state: 'ON', postalCode: 'M5V 2T6' },
    },
  ];
  // 'Pal' is darker than PayPal's brand cyan: text on the button must meet WCAG contrast.
  var GOLD = { background: '#ffc439', hover: '#f2ba36', pay: '#003087', pal: '#00457c' };
  var idCounter = 0;

  /** @returns {TestHooks} */
  function hooks() {
    return /** @type {{ __demoWallet?: TestHooks }} */ (/** @type {unknown} */ (window)).__demoWallet || {};
  }

  /**
   * @template {HTMLElement} E
   * @param {E} element
   * @param {Record<string, string>} styles
   * @returns {E}
   */
  function css(element, styles) {
    Object.keys(styles).forEach(function (name) {
      element.style.setProperty(name, styles[name] || '');
    });
    return element;
  }

  /**
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {string} text
   * @param {Record<string, string>} [styles]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, text, styles) {
    var element = document.createElement(tag);
    if (text) element.textContent = text;
    return css(element, styles || {});
  }

  /** @param {HTMLElement} element */
  function showFocusRing(element) {
    element.addEventListener('focus', function () {
      if (element.matches(':focus-visible')) css(element, { outline: '3px solid #0e3e8c', 'outline-offset': '2px' });
    });
    element.addEventListener('blur', function () {
      css(element, { outline: 'none' });
    });
  }

  /**
   * @param {string} message
   * @param {string} code
   * @returns {PayPalError}
   */
  function payPalError(message, code) {
    var error = /** @type {PayPalError} */ (new Error(message));
    error.code = code;
    error.isRecoverable = false;
    return error;
  }

  /**
   * The PayPal window, as an accessible modal dialog: the order, where to ship, and the buyer's choice. Each shipping
   * address is put to the merchant (onShippingAddressChange), as PayPal does; one it refuses cannot be approved.
   * @param {string} orderId
   * @param {SessionOptions} options
   * @param {(finish: (value: string) => void) => void} onOpen
   * @returns {Promise<string>}
   */
  function askBuyer(orderId, options, onOpen) {
    var returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return new Promise(function (resolve) {
      idCounter += 1;
      var titleId = 'demo-wallet-title-' + idCounter;
      var dialog = el('dialog', '', {
        border: 'none',
        'border-radius': '12px',
        padding: '24px',
        width: 'min(420px, calc(100vw - 32px))',
        'box-sizing': 'border-box',
        'box-shadow': '0 24px 60px rgba(0, 0, 0, 0.35)',
        'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        color: '#1a1a1a',
        background: '#ffffff',
      });
      dialog.setAttribute('aria-labelledby', titleId);
      var title = el('h2', 'Demo wallet', { margin: '0 0 8px', 'font-size': '20px', color: '#003087' });
      title.id = titleId;
      var note = el('p', 'A demo of the wallet approval: no real payment is made.', {
        margin: '0 0 12px',
        'font-size': '14px',
      });
      var order = el('p', 'Order ID: ', { margin: '0 0 12px', 'font-size': '14px' });
      order.appendChild(el('strong', orderId, { 'font-family': 'ui-monospace, monospace' }));

      var shipLabel = el('label', 'Ship to', { display: 'block', 'font-size': '14px', 'font-weight': '600' });
      var ship = el('select', '', {
        display: 'block',
        width: '100%',
        margin: '4px 0 8px',
        'min-height': '44px',
        'font-size': '16px',
      });
      ship.id = 'demo-wallet-ship-' + idCounter;
      shipLabel.htmlFor = ship.id;
      ADDRESSES.forEach(function (choice, index) {
        var option = el('option', choice.label);
        option.value = String(index);
        ship.appendChild(option);
      });
      var refusal = el('p', '', { margin: '0 0 12px', 'font-size': '14px', color: '#a4262c', 'min-height': '20px' });
      refusal.setAttribute('role', 'alert');
      var row = el('div', '', { display: 'flex', gap: '8px', 'flex-wrap': 'wrap' });

      /**
       * @param {string} label
       * @param {string} value
       * @param {Record<string, string>} styles
       */
      function choice(label, value, styles) {
        var button = el(
          'button',
          label,
          Object.assign(
            {
              flex: '1 1 auto',
              'min-height': '44px',
              padding: '0 16px',
              'border-radius': '22px',
              'font-size': '16px',
              'font-weight': '600',
              cursor: 'pointer',
            },
            styles,
          ),
        );
        button.type = 'button';
        showFocusRing(button);
        button.addEventListener('click', function () {
          if (button.getAttribute('aria-disabled') !== 'true') finish(value);
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

      /** Asks the merchant about the chosen address; Approve waits for the answer and stays off after a refusal. */
      function putAddress() {
        var chosen = /** @type {(typeof ADDRESSES)[number]} */ (ADDRESSES[Number(ship.value)] || ADDRESSES[0]);
        approve.setAttribute('aria-disabled', 'true');
        refusal.textContent = '';
        var asked = options.onShippingAddressChange
          ? options.onShippingAddressChange({
              orderId: orderId,
              shippingAddress: chosen.address,
              errors: ADDRESS_ERRORS,
            })
          : Promise.resolve();
        Promise.resolve(asked).then(
          function () {
            if (ADDRESSES[Number(ship.value)] === chosen) approve.setAttribute('aria-disabled', 'false');
          },
          function (/** @type {unknown} */ error) {
            if (ADDRESSES[Number(ship.value)] !== chosen) return;
            refusal.textContent =
              error instanceof Error && error.message ? error.message : ADDRESS_ERRORS.ADDRESS_ERROR;
          },
        );
      }
      ship.addEventListener('change', putAddress);

      var settled = false;
      /** @param {string} value */
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

      dialog.append(title, note, order, shipLabel, ship, refusal, row);
      document.body.appendChild(dialog);
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      approve.focus();
      putAddress();
      onOpen(finish);
    });
  }

  // A browser blocks a popup opened outside the click's user activation (Safari about 1 s after it, others 5 s). The
  // demo is stricter: start() must come in the very task of the click, so any await for something asynchronous
  // before it (fetching the order first, say) is refused here as the real window would be somewhere.
  var inClick = false;
  document.addEventListener(
    'click',
    function () {
      inClick = true;
      setTimeout(function () {
        inClick = false;
      }, 0);
    },
    true,
  );
  function withinActivation() {
    var activation = /** @type {{ userActivation?: { isActive: boolean } }} */ (navigator).userActivation;
    // scriptClicks: for a driver that can only click from script (the tap bench), the click's task alone counts.
    return inClick && (!activation || activation.isActive || hooks().scriptClicks === true);
  }

  /**
   * @param {SessionOptions} options
   * @returns {Session}
   */
  function createSession(options) {
    var running = false;
    var destroyed = false;
    /** @type {((value: string) => void) | null} */
    var dismiss = null;

    /** @param {unknown} error */
    function report(error) {
      var reported = error instanceof Error ? error : new Error(String(error));
      if (options.onError) options.onError(/** @type {PayPalError} */ (reported));
      else console.error('Demo wallet:', reported);
    }

    /** @param {'approved' | 'canceled' | 'error'} state */
    function complete(state) {
      running = false;
      if (options.onComplete) options.onComplete({ paymentSessionState: state });
    }

    /** @param {string} orderId */
    async function approveFlow(orderId) {
      var decision = await askBuyer(orderId, options, function (finish) {
        dismiss = finish;
      });
      dismiss = null;
      if (destroyed || decision === 'closed') return void (running = false);
      if (decision === 'decline') {
        report(payPalError(DECLINE_MESSAGE, 'ERR_BUYER_DECLINED'));
        return complete('error');
      }
      if (decision === 'cancel') {
        if (options.onCancel) options.onCancel({ orderId: orderId });
        return complete('canceled');
      }
      try {
        var approving = options.onApprove
          ? options.onApprove({ orderId: orderId, payerId: PAYER_ID, fundingSource: 'paypal' })
          : Promise.resolve();
        // For tests: a cancel reported after the approval, as a wallet window closed at that moment may send.
        if (hooks().cancelAfterApprove && options.onCancel) options.onCancel({ orderId: orderId });
        await approving;
        complete('approved');
      } catch (error) {
        report(error);
        complete('error');
      }
    }

    return {
      start: async function (_presentation, orderPromise) {
        if (destroyed) throw payPalError('Demo wallet: the payment session was destroyed', 'ERR_SESSION_DESTROYED');
        if (running) throw payPalError('Demo wallet: a payment session is already running', 'ERR_SESSION_ACTIVE');
        if (!withinActivation()) {
          return report(
            payPalError(
              'Demo wallet: the PayPal window was blocked: start() was called outside the click',
              'ERR_POPUP_BLOCKED',
            ),
          );
        }
        running = true;
        var orderId = options.orderId;
        try {
          if (orderPromise) orderId = (await orderPromise).orderId;
          if (typeof orderId !== 'string' || orderId === '') throw new Error('Expected an order id to be passed');
        } catch (error) {
          running = false;
          return report(error);
        }
        if (destroyed) return void (running = false);
        await approveFlow(orderId);
      },
      cancel: function () {
        if (dismiss) dismiss('cancel');
      },
      destroy: function () {
        destroyed = true;
        // A session destroyed with its window open takes the window with it; the flow ends without callbacks.
        if (dismiss) dismiss('closed');
      },
    };
  }

  /**
   * `<paypal-button>`: the PayPal button, drawn inside the element as the real one is. `disabled` draws it as such
   * and keeps its clicks from the page's listeners.
   */
  class PayPalButtonElement extends HTMLElement {
    static observedAttributes = ['disabled'];
    /** @type {HTMLButtonElement | null} */
    #button = null;

    get disabled() {
      return this.hasAttribute('disabled');
    }

    set disabled(value) {
      this.toggleAttribute('disabled', Boolean(value));
    }

    constructor() {
      super();
      // Capture on the element runs before any listener the page put on it or above it.
      this.addEventListener(
        'click',
        (event) => {
          if (!this.disabled) return;
          event.stopImmediatePropagation();
          event.preventDefault();
        },
        { capture: true },
      );
    }

    connectedCallback() {
      if (this.#button) return;
      css(this, { display: 'block' });
      var button = el('button', '', {
        display: 'flex',
        'align-items': 'center',
        'justify-content': 'center',
        width: '100%',
        height: '48px',
        padding: '0 16px',
        'box-sizing': 'border-box',
        border: '1px solid transparent',
        'border-radius': '24px',
        background: GOLD.background,
        font: 'italic 700 22px/1 Verdana, "Helvetica Neue", Arial, sans-serif',
        'letter-spacing': '-0.5px',
        cursor: 'pointer',
      });
      button.type = 'button';
      button.setAttribute('aria-label', 'PayPal');
      button.append(el('span', 'Pay', { color: GOLD.pay }), el('span', 'Pal', { color: GOLD.pal }));
      showFocusRing(button);
      button.addEventListener('mouseenter', () => {
        if (!this.disabled) css(button, { background: GOLD.hover });
      });
      button.addEventListener('mouseleave', () => {
        css(button, { background: GOLD.background });
      });
      this.#button = button;
      this.appendChild(button);
      this.#draw();
    }

    attributeChangedCallback() {
      this.#draw();
    }

    #draw() {
      if (!this.#button) return;
      this.#button.setAttribute('aria-disabled', String(this.disabled));
      css(this.#button, { cursor: this.disabled ? 'not-allowed' : 'pointer' });
    }
  }

  /** @type {Namespace['createInstance']} */
  var createInstance = function (options) {
    if (!options.clientId && !options.clientToken) {
      return Promise.reject(payPalError('Demo wallet: a client id or client token is required', 'ERR_NO_CREDENTIAL'));
    }
    instances.push(JSON.parse(JSON.stringify(options)));
    var withPayments = /** @type {readonly string[]} */ (options.components).indexOf('paypal-payments') !== -1;
    /** @type {DemoInstance} */
    var instance = {
      findEligibleMethods: function () {
        // As PayPal's answer to a client id of the other environment.
        if (hooks().eligibilityError)
          return Promise.reject(payPalError('Demo wallet: the client id is not valid here', 'ERR_INVALID_CLIENT'));
        var eligible = !hooks().ineligible;
        return Promise.resolve({
          isEligible: function (method) {
            return eligible && method === 'paypal';
          },
          getDetails: function () {
            return /** @type {never} */ ({ canBeVaulted: false });
          },
        });
      },
      createPayPalOneTimePaymentSession: function (sessionOptions) {
        if (hooks().noSession)
          throw payPalError('Demo wallet: the payment session could not be created', 'ERR_SESSION');
        if (!withPayments)
          throw payPalError('Demo wallet: the paypal-payments component was not requested', 'ERR_NO_COMPONENT');
        return createSession(sessionOptions);
      },
    };
    return Promise.resolve(/** @type {never} */ (instance));
  };

  /** What each createInstance was given, for tests to read back. */
  /** @type {unknown[]} */
  var instances = [];

  if (!customElements.get('paypal-button')) customElements.define('paypal-button', PayPalButtonElement);
  /** @type {Namespace & { instances: unknown[] }} */
  var api = { version: '6.0.0', createInstance: createInstance, instances: instances };
  /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window))[namespace] = api;
})();
